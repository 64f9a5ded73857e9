CREATE TABLE "analytics"."mood_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"period_weeks" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."mood_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."mood_settings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));