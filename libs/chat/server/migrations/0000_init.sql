CREATE SCHEMA "chat";
--> statement-breakpoint
CREATE TABLE "chat"."files" (
	"key" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"msg_id" uuid NOT NULL,
	"thumb_key" text,
	"size" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat"."files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat"."members" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"last_seen_id" uuid,
	"unread" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat"."members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat"."messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"username" text NOT NULL,
	"content" text NOT NULL,
	"file" jsonb,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat"."messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat"."people" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat"."people" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat"."rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text,
	"direct_key" text,
	"owner_id" uuid,
	"members_count" integer DEFAULT 0 NOT NULL,
	"last_msg_id" uuid,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat"."rooms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "chat"."members" ADD CONSTRAINT "members_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "chat"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat"."messages" ADD CONSTRAINT "messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "chat"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_room_idx" ON "chat"."files" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "files_msg_idx" ON "chat"."files" USING btree ("msg_id");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "chat"."members" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "messages_room_id_idx" ON "chat"."messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_direct_key_uq" ON "chat"."rooms" USING btree ("client_id","direct_key") WHERE direct_key IS NOT NULL;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat"."files" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat"."members" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat"."messages" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "member_only" ON "chat"."messages" AS RESTRICTIVE FOR ALL TO "intranet_app" USING ((current_setting('app.bypass_rls', true) = 'on' OR EXISTS (SELECT 1 FROM chat.members m WHERE m.room_id = messages.room_id AND m.user_id = nullif(current_setting('app.user_id', true), '')::uuid))) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' OR EXISTS (SELECT 1 FROM chat.members m WHERE m.room_id = messages.room_id AND m.user_id = nullif(current_setting('app.user_id', true), '')::uuid)));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat"."people" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat"."rooms" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));