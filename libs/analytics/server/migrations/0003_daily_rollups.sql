CREATE TABLE "analytics"."module_day_users" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "module_day_users_client_id_day_module_name_user_id_pk" PRIMARY KEY("client_id","day","module_name","user_id")
);
--> statement-breakpoint
ALTER TABLE "analytics"."module_day_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."module_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module_name" text NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "module_days_client_id_day_module_name_pk" PRIMARY KEY("client_id","day","module_name")
);
--> statement-breakpoint
ALTER TABLE "analytics"."module_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."session_day_users" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "session_day_users_client_id_day_user_id_pk" PRIMARY KEY("client_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "analytics"."session_day_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."session_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	"minutes" double precision NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "session_days_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics"."session_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."module_day_users" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."module_days" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."session_day_users" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."session_days" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));