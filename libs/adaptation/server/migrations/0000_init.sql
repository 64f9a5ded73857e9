CREATE SCHEMA "adaptation";
--> statement-breakpoint
CREATE TABLE "adaptation"."items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptation"."items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "items_client_created_idx" ON "adaptation"."items" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."items" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));