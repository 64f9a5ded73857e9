CREATE TABLE "people"."project_participants" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_participants_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "people"."project_participants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"creator_id" uuid,
	"dept_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people"."projects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people"."project_participants" ADD CONSTRAINT "project_participants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "people"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people"."project_participants" ADD CONSTRAINT "project_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people"."projects" ADD CONSTRAINT "projects_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "people"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_participants_user_idx" ON "people"."project_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_client_name_idx" ON "people"."projects" USING btree ("client_id","name");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."project_participants" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."projects" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));