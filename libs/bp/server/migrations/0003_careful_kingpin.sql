CREATE TABLE "bp"."files" (
	"key" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bp"."files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "files_request_idx" ON "bp"."files" USING btree ("client_id","request_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."files" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));