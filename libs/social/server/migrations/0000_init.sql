CREATE SCHEMA "social";
--> statement-breakpoint
CREATE TABLE "social"."authors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"avatar" text,
	"position" text,
	"department" text,
	"birth_date" date,
	"working_since" date,
	"deletion_mark" boolean DEFAULT false NOT NULL,
	"version" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."authors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_comment_id" uuid,
	"author_id" uuid NOT NULL,
	"message" text NOT NULL,
	"attachment" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."files" (
	"key" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"thumb_key" text,
	"size" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."follows" (
	"follower_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_pk" PRIMARY KEY("follower_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "social"."follows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."likes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"like_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."likes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"type" text DEFAULT 'post' NOT NULL,
	"parent_type" text DEFAULT 'company' NOT NULL,
	"parent_id" uuid,
	"parent_where" text,
	"on_wall" boolean DEFAULT true NOT NULL,
	"message" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "social"."views" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"where" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "views_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "social"."views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "social"."comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "social"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."comments" ADD CONSTRAINT "comments_parent_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "social"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."files" ADD CONSTRAINT "files_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "social"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."files" ADD CONSTRAINT "files_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "social"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "social"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."likes" ADD CONSTRAINT "likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "social"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."views" ADD CONSTRAINT "views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "social"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authors_client_birthday_idx" ON "social"."authors" USING btree ("client_id",(extract(month from "birth_date")),(extract(day from "birth_date"))) WHERE "social"."authors"."birth_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "social"."comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "social"."comments" USING btree ("parent_comment_id") WHERE "social"."comments"."parent_comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "social"."comments" USING btree ("author_id","post_id");--> statement-breakpoint
CREATE INDEX "files_post_idx" ON "social"."files" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "files_comment_idx" ON "social"."files" USING btree ("comment_id") WHERE "social"."files"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "social"."follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_target_user_uq" ON "social"."likes" USING btree ("target_id","user_id");--> statement-breakpoint
CREATE INDEX "likes_post_idx" ON "social"."likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_wall_idx" ON "social"."posts" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "social"."posts"."on_wall";--> statement-breakpoint
CREATE INDEX "posts_client_idx" ON "social"."posts" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "social"."posts" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_parent_idx" ON "social"."posts" USING btree ("parent_type","parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "social"."posts"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_thanks_idx" ON "social"."posts" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "social"."posts"."type" = 'thanks';--> statement-breakpoint
CREATE INDEX "posts_mentions_idx" ON "social"."posts" USING gin ("mentions");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."authors" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."comments" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."files" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."follows" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."likes" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."posts" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "social"."views" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));