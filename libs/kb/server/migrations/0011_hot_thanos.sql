CREATE TABLE "kb"."assistant_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"general_prompt" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"mission" text DEFAULT '' NOT NULL,
	"structure" text DEFAULT '' NOT NULL,
	"values" text DEFAULT '' NOT NULL,
	"terminology" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT '' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"key_sealed" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."assistant_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."assistant_settings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));