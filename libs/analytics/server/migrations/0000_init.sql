CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE TABLE "analytics"."employees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"department" text,
	"position" text,
	"birth_date" date,
	"working_since" date,
	"hired_on" date NOT NULL,
	"deactivated_on" date,
	"superadmin" boolean DEFAULT false NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."employees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."module_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"module_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."module_visits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."mood_answers" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	CONSTRAINT "mood_answers_client_id_user_id_period_start_pk" PRIMARY KEY("client_id","user_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "analytics"."mood_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."mood_ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"department" text,
	"rating" smallint NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."mood_ratings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics"."sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "employees_client_idx" ON "analytics"."employees" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "module_visits_client_at_idx" ON "analytics"."module_visits" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "mood_ratings_client_day_idx" ON "analytics"."mood_ratings" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "sessions_client_started_idx" ON "analytics"."sessions" USING btree ("client_id","started_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."employees" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."module_visits" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."mood_answers" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."mood_ratings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics"."sessions" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));