CREATE SCHEMA "lms";
--> statement-breakpoint
CREATE TABLE "lms"."attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"question_order" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" integer
);
--> statement-breakpoint
ALTER TABLE "lms"."attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"cover" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"member_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"member_departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms"."courses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."idps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"creator" uuid NOT NULL,
	"employee" uuid NOT NULL,
	"observer" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms"."idps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."lessons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms"."lessons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."admins" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "admins_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lms"."admins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."progress" (
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lessons_learned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"learned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lms"."progress" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lms"."tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_right_answer" boolean DEFAULT false NOT NULL,
	"show_final_score" boolean DEFAULT true NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"time_limit" integer,
	"retries" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms"."tests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "attempts_test_user_idx" ON "lms"."attempts" USING btree ("client_id","test_id","user_id");--> statement-breakpoint
CREATE INDEX "attempts_course_user_idx" ON "lms"."attempts" USING btree ("client_id","course_id","user_id");--> statement-breakpoint
CREATE INDEX "courses_client_created_idx" ON "lms"."courses" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "idps_client_employee_idx" ON "lms"."idps" USING btree ("client_id","employee");--> statement-breakpoint
CREATE INDEX "lessons_course_idx" ON "lms"."lessons" USING btree ("client_id","course_id","position");--> statement-breakpoint
CREATE INDEX "progress_client_user_idx" ON "lms"."progress" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "tests_course_idx" ON "lms"."tests" USING btree ("client_id","course_id","position");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."attempts" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."courses" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."idps" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."lessons" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."admins" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."progress" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lms"."tests" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));