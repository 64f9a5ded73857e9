CREATE SCHEMA "polls";
--> statement-breakpoint
CREATE TABLE "polls"."items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "polls"."items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "items_client_created_idx" ON "polls"."items" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "polls"."items" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));