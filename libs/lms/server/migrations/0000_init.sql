CREATE SCHEMA "lms";
--> statement-breakpoint
CREATE TABLE "lms"."items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms"."items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "items_client_created_idx" ON "lms"."items" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."items" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));