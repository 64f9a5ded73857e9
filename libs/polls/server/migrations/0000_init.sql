CREATE SCHEMA "polls";
--> statement-breakpoint
CREATE TABLE "polls"."answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid,
	"day" date NOT NULL,
	"answered_at" timestamp with time zone,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "polls"."answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "polls"."passed" (
	"client_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "passed_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "polls"."passed" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "polls"."polls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"questions" jsonb NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"end_date" date,
	"author_id" uuid,
	"recipients_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "polls"."polls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "polls"."recipients" (
	"client_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"department" text,
	CONSTRAINT "recipients_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "polls"."recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "polls"."answers" ADD CONSTRAINT "answers_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "polls"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls"."passed" ADD CONSTRAINT "passed_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "polls"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls"."recipients" ADD CONSTRAINT "recipients_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "polls"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_poll_idx" ON "polls"."answers" USING btree ("poll_id","id");--> statement-breakpoint
CREATE INDEX "answers_poll_user_idx" ON "polls"."answers" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE INDEX "passed_user_idx" ON "polls"."passed" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "polls_client_created_idx" ON "polls"."polls" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "polls_client_author_idx" ON "polls"."polls" USING btree ("client_id","author_id");--> statement-breakpoint
CREATE INDEX "recipients_user_idx" ON "polls"."recipients" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "polls"."answers" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "polls"."passed" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "polls"."polls" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "polls"."recipients" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));