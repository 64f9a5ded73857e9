CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE TABLE "notifications"."deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications"."deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"section" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link" text,
	"object_type" text,
	"object_id" text,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"dedup_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."settings" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matrix" jsonb NOT NULL,
	"webhooks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications"."settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"lang" text NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"short" text DEFAULT '' NOT NULL,
	"full" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."unread" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"section" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_client_id_user_id_section_pk" PRIMARY KEY("client_id","user_id","section")
);
--> statement-breakpoint
ALTER TABLE "notifications"."unread" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications"."deliveries" ADD CONSTRAINT "deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "notifications"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_notification_channel_uq" ON "notifications"."deliveries" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "notifications"."deliveries" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedup_uq" ON "notifications"."notifications" USING btree ("client_id","dedup_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications"."notifications" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_client_created_idx" ON "notifications"."notifications" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_code_uq" ON "notifications"."templates" USING btree ("client_id","code","lang","channel");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."deliveries" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."notifications" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."settings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."templates" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."unread" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));