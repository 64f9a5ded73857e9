CREATE TABLE "people"."departments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_id" uuid,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people"."departments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."dept_users" (
	"dept_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"is_head" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dept_users_dept_id_user_id_pk" PRIMARY KEY("dept_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "people"."dept_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."vacations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"days" integer NOT NULL,
	"planned" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people"."vacations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people"."users" ADD COLUMN "vacation_days" integer DEFAULT 28 NOT NULL;--> statement-breakpoint
ALTER TABLE "people"."dept_users" ADD CONSTRAINT "dept_users_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "people"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people"."dept_users" ADD CONSTRAINT "dept_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people"."vacations" ADD CONSTRAINT "vacations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_client_kind_path_idx" ON "people"."departments" USING btree ("client_id","kind","path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "departments_one_root_uq" ON "people"."departments" USING btree ("client_id","kind") WHERE "people"."departments"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "dept_users_user_idx" ON "people"."dept_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dept_users_client_idx" ON "people"."dept_users" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dept_users_one_head_uq" ON "people"."dept_users" USING btree ("dept_id") WHERE "people"."dept_users"."is_head";--> statement-breakpoint
CREATE INDEX "vacations_user_start_idx" ON "people"."vacations" USING btree ("user_id","start");--> statement-breakpoint
CREATE INDEX "vacations_client_start_idx" ON "people"."vacations" USING btree ("client_id","start");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."departments" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."dept_users" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."vacations" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));