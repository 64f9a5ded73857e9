CREATE SCHEMA "bp";
--> statement-breakpoint
CREATE TABLE "bp"."groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bp"."groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bp"."requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"initiator_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"current_performers" uuid[] DEFAULT '{}' NOT NULL,
	"participants" uuid[] DEFAULT '{}' NOT NULL,
	"steps" jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bp"."requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bp"."services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"department" text,
	"days_limit" integer,
	"for_all" boolean DEFAULT true NOT NULL,
	"users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bp"."services" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bp"."templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bp"."templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bp"."services" ADD CONSTRAINT "services_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "bp"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bp"."templates" ADD CONSTRAINT "templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "bp"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_client_idx" ON "bp"."groups" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "requests_initiator_idx" ON "bp"."requests" USING btree ("client_id","initiator_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_current_gin" ON "bp"."requests" USING gin ("current_performers");--> statement-breakpoint
CREATE INDEX "requests_participants_gin" ON "bp"."requests" USING gin ("participants");--> statement-breakpoint
CREATE INDEX "requests_due_idx" ON "bp"."requests" USING btree ("client_id","due_at");--> statement-breakpoint
CREATE INDEX "services_client_group_idx" ON "bp"."services" USING btree ("client_id","group_id");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "bp"."templates" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."groups" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."requests" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."services" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."templates" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));