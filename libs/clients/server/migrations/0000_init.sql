CREATE SCHEMA "clients";
--> statement-breakpoint
CREATE TABLE "clients"."clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text,
	"lang" text DEFAULT 'ru' NOT NULL,
	"start_page" text DEFAULT 'company' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"design" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text,
	"city" text,
	"phone" text,
	"address" text,
	"director" text,
	"telegram" text,
	"notes" text,
	"tax_number" text,
	"storage_total_bytes" bigint NOT NULL,
	"storage_used_bytes" bigint DEFAULT 0 NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hr_url" text,
	"hr_login" text,
	"hr_password" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_workspace_unique" UNIQUE("workspace")
);
--> statement-breakpoint
ALTER TABLE "clients"."clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "clients"."clients" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));