CREATE SCHEMA "people";
--> statement-breakpoint
CREATE TABLE "people"."password_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "people"."password_resets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "people"."sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"email" text NOT NULL,
	"login" text,
	"password_hash" text,
	"phone" text,
	"internal_phone" text,
	"position" text,
	"department" text,
	"cabinet" text,
	"city" text,
	"gender" text DEFAULT 'not_selected' NOT NULL,
	"birth_date" date,
	"working_since" date,
	"inn" text,
	"kpp" text,
	"organisation" text,
	"about" text,
	"avatar" text,
	"avatar_big" text,
	"cover" text,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chief_code" text,
	"pinned_num" integer,
	"deletion_mark" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people"."users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people"."password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "people"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "people"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_client_email_uq" ON "people"."users" USING btree ("client_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_client_login_uq" ON "people"."users" USING btree ("client_id",lower("login")) WHERE "people"."users"."login" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "people"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_login_idx" ON "people"."users" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "users_client_name_idx" ON "people"."users" USING btree ("client_id","last_name","first_name");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."password_resets" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."sessions" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."users" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));