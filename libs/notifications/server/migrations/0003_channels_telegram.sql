CREATE TABLE "notifications"."telegram_bots" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"token" text,
	"channel" text,
	"update_offset" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."telegram_bots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."telegram_codes" (
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_codes_client_id_code_pk" PRIMARY KEY("client_id","code")
);
--> statement-breakpoint
ALTER TABLE "notifications"."telegram_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."telegram_links" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications"."telegram_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications"."deliveries" ADD COLUMN "last_code" text;--> statement-breakpoint
ALTER TABLE "notifications"."deliveries" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "telegram_codes_user_idx" ON "notifications"."telegram_codes" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."telegram_bots" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."telegram_codes" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."telegram_links" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));