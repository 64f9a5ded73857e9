CREATE TABLE "analytics"."coin_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"accrual" double precision DEFAULT 0 NOT NULL,
	"cancel" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"nullify" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "coin_days_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics"."coin_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."coin_days" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));