CREATE SCHEMA "tasks";
--> statement-breakpoint
CREATE TABLE "tasks"."desk_people" (
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "desk_people_desk_id_user_id_pk" PRIMARY KEY("desk_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tasks"."desk_people" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tasks"."desks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tasks"."desks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tasks"."lanes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks"."lanes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tasks"."tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"lane_id" uuid NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text,
	"border" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_hours" double precision,
	"actual_hours" double precision,
	"owner_id" uuid NOT NULL,
	"performer_id" uuid,
	"co_performers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"observers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"deadline" timestamp with time zone,
	"type" text DEFAULT 'open' NOT NULL,
	"type_before_finish" text,
	"due_soon_sent" boolean DEFAULT false NOT NULL,
	"overdue_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks"."tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tasks"."desk_people" ADD CONSTRAINT "desk_people_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "tasks"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks"."lanes" ADD CONSTRAINT "lanes_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "tasks"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks"."tasks" ADD CONSTRAINT "tasks_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "tasks"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks"."tasks" ADD CONSTRAINT "tasks_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "tasks"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_people_user_idx" ON "tasks"."desk_people" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "desks_client_owner_idx" ON "tasks"."desks" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE INDEX "lanes_desk_position_idx" ON "tasks"."lanes" USING btree ("desk_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_lane_position_idx" ON "tasks"."tasks" USING btree ("lane_id","position");--> statement-breakpoint
CREATE INDEX "tasks_desk_idx" ON "tasks"."tasks" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "tasks_client_performer_idx" ON "tasks"."tasks" USING btree ("client_id","performer_id");--> statement-breakpoint
CREATE INDEX "tasks_co_performers_idx" ON "tasks"."tasks" USING gin ("co_performers");--> statement-breakpoint
CREATE INDEX "tasks_observers_idx" ON "tasks"."tasks" USING gin ("observers");--> statement-breakpoint
CREATE INDEX "tasks_deadline_idx" ON "tasks"."tasks" USING btree ("deadline") WHERE deadline IS NOT NULL AND type <> 'closed';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tasks"."desk_people" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tasks"."desks" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tasks"."lanes" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tasks"."tasks" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));