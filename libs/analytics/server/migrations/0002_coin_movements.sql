CREATE TABLE "analytics"."coin_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"coins" double precision NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."coin_movements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "coin_movements_client_day_idx" ON "analytics"."coin_movements" USING btree ("client_id","day");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."coin_movements" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));