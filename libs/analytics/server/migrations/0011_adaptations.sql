CREATE TABLE "analytics"."adaptations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_on" date NOT NULL,
	"finished_on" date,
	"probation_on" date
);
--> statement-breakpoint
ALTER TABLE "analytics"."adaptations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "adaptations_client_started_idx" ON "analytics"."adaptations" USING btree ("client_id","started_on");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."adaptations" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));