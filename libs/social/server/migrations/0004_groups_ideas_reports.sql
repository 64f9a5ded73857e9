CREATE TABLE "social"."group_grants" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "group_grants_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "social"."group_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "social"."group_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."group_pending" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "social"."group_pending" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"cover" text,
	"owner_id" uuid NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."ideas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author" text NOT NULL,
	"current" text NOT NULL,
	"improvement" text NOT NULL,
	"changes" text NOT NULL,
	"results" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."ideas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."viol_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"anonymous" boolean NOT NULL,
	"name" text,
	"text" text NOT NULL,
	"day" date NOT NULL,
	"handled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."viol_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "social"."group_grants" ADD CONSTRAINT "group_grants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "social"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "social"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."group_pending" ADD CONSTRAINT "group_pending_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "social"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_grants_user_idx" ON "social"."group_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "social"."group_members" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_pending_open_uq" ON "social"."group_pending" USING btree ("group_id","user_id","kind") WHERE "social"."group_pending"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_pending_user_idx" ON "social"."group_pending" USING btree ("user_id") WHERE "social"."group_pending"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "groups_client_name_idx" ON "social"."groups" USING btree ("client_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "groups_owner_idx" ON "social"."groups" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE INDEX "ideas_client_idx" ON "social"."ideas" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ideas_author_idx" ON "social"."ideas" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "viol_reports_client_idx" ON "social"."viol_reports" USING btree ("client_id","day" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "group_posts_readers" ON "social"."posts" AS RESTRICTIVE FOR ALL TO "intranet_app" USING ((parent_type <> 'group' OR on_wall OR parent_id IN (SELECT m.group_id FROM social.group_members m WHERE m.user_id = (SELECT intranet_private.current_user_id())) OR parent_id IN (SELECT g.group_id FROM social.group_grants g WHERE g.user_id = (SELECT intranet_private.current_user_id()))));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."group_grants" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."group_members" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."group_pending" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."groups" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."ideas" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."viol_reports" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));