CREATE TABLE "analytics"."session_year_users" (
	"client_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"days" bit(366) NOT NULL,
	CONSTRAINT "session_year_users_client_id_year_user_id_pk" PRIMARY KEY("client_id","year","user_id")
);
--> statement-breakpoint
ALTER TABLE "analytics"."session_year_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."session_year_users" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));