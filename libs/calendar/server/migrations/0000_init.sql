CREATE SCHEMA "calendar";
--> statement-breakpoint
CREATE TABLE "calendar"."event_members" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "event_members_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calendar"."event_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar"."events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"series_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"organiser_id" uuid NOT NULL,
	"tz" text NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"remind" integer,
	"rrule" text,
	"exdates" text[] DEFAULT '{}'::text[] NOT NULL,
	"span_start" timestamp (3) with time zone NOT NULL,
	"span_end" timestamp (3) with time zone NOT NULL,
	"planned_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar"."events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar"."feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar"."feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar"."overrides" (
	"event_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"name" text,
	"description" text,
	"color" text,
	"link" text,
	CONSTRAINT "overrides_event_id_recurrence_id_pk" PRIMARY KEY("event_id","recurrence_id")
);
--> statement-breakpoint
ALTER TABLE "calendar"."overrides" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar"."reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar"."reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar"."event_members" ADD CONSTRAINT "event_members_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "calendar"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar"."overrides" ADD CONSTRAINT "overrides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "calendar"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar"."reminders" ADD CONSTRAINT "reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "calendar"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_members_user_idx" ON "calendar"."event_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "events_client_span_idx" ON "calendar"."events" USING btree ("client_id","span_end","span_start");--> statement-breakpoint
CREATE INDEX "events_organiser_idx" ON "calendar"."events" USING btree ("client_id","organiser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_token_idx" ON "calendar"."feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once_idx" ON "calendar"."reminders" USING btree ("event_id","occurrence","user_id");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "calendar"."reminders" USING btree ("due_at") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar"."event_members" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar"."events" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar"."feeds" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar"."overrides" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar"."reminders" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));