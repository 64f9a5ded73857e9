CREATE SCHEMA "adaptation";
--> statement-breakpoint
CREATE TABLE "adaptation"."adaptations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mentor_id" uuid NOT NULL,
	"hr_id" uuid,
	"chief_id" uuid,
	"start_date" date NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"finished_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptation"."adaptations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "adaptation"."progress" (
	"client_id" uuid NOT NULL,
	"adaptation_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"opens_on" date NOT NULL,
	"opened_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"finished_by" uuid,
	CONSTRAINT "progress_adaptation_id_step_id_pk" PRIMARY KEY("adaptation_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "adaptation"."progress" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "adaptation"."settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"open_hour" integer DEFAULT 9 NOT NULL,
	"probation_days" integer DEFAULT 90 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptation"."settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "adaptation"."stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ord" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptation"."stages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "adaptation"."steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"scenario" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"ord" integer NOT NULL,
	"coins" integer,
	"article_id" uuid,
	"link_title" text,
	"url" text,
	"poll_id" uuid,
	"course_id" uuid,
	"notify" text[] NOT NULL,
	"problem" text
);
--> statement-breakpoint
ALTER TABLE "adaptation"."steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "adaptation"."tracks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptation"."tracks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "adaptation"."adaptations" ADD CONSTRAINT "adaptations_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "adaptation"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation"."progress" ADD CONSTRAINT "progress_adaptation_id_adaptations_id_fk" FOREIGN KEY ("adaptation_id") REFERENCES "adaptation"."adaptations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation"."progress" ADD CONSTRAINT "progress_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "adaptation"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation"."stages" ADD CONSTRAINT "stages_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "adaptation"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation"."steps" ADD CONSTRAINT "steps_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "adaptation"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation"."steps" ADD CONSTRAINT "steps_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "adaptation"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adaptations_track_user_uq" ON "adaptation"."adaptations" USING btree ("track_id","user_id");--> statement-breakpoint
CREATE INDEX "adaptations_user_idx" ON "adaptation"."adaptations" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "adaptations_mentor_idx" ON "adaptation"."adaptations" USING btree ("client_id","mentor_id");--> statement-breakpoint
CREATE INDEX "adaptations_hr_idx" ON "adaptation"."adaptations" USING btree ("client_id","hr_id");--> statement-breakpoint
CREATE INDEX "adaptations_chief_idx" ON "adaptation"."adaptations" USING btree ("client_id","chief_id");--> statement-breakpoint
CREATE INDEX "progress_step_idx" ON "adaptation"."progress" USING btree ("step_id","status");--> statement-breakpoint
CREATE INDEX "progress_due_idx" ON "adaptation"."progress" USING btree ("status","opens_on");--> statement-breakpoint
CREATE INDEX "stages_track_idx" ON "adaptation"."stages" USING btree ("track_id","ord");--> statement-breakpoint
CREATE INDEX "steps_track_idx" ON "adaptation"."steps" USING btree ("track_id","ord");--> statement-breakpoint
CREATE INDEX "steps_poll_idx" ON "adaptation"."steps" USING btree ("client_id","poll_id");--> statement-breakpoint
CREATE INDEX "steps_article_idx" ON "adaptation"."steps" USING btree ("client_id","article_id");--> statement-breakpoint
CREATE INDEX "steps_course_idx" ON "adaptation"."steps" USING btree ("client_id","course_id");--> statement-breakpoint
CREATE INDEX "tracks_client_created_idx" ON "adaptation"."tracks" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."adaptations" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."progress" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."settings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."stages" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."steps" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."tracks" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));