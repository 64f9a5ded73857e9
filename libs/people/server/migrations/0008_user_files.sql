CREATE TABLE "people"."user_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"mimetype" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "people"."user_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people"."user_files" ADD CONSTRAINT "user_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_files_user_idx" ON "people"."user_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."user_files" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));