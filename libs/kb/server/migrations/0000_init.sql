CREATE SCHEMA "kb";
--> statement-breakpoint
CREATE TABLE "kb"."articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"type" text NOT NULL,
	"section" text NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"content" text,
	"body_text" text DEFAULT '' NOT NULL,
	"file_names" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acl_id" uuid,
	"author_id" uuid,
	"views" integer DEFAULT 0 NOT NULL,
	"salary_from" integer,
	"salary_to" integer,
	"receivers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(file_names, '')), 'C') || setweight(to_tsvector('russian'::regconfig, coalesce(file_names, '')), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "kb"."articles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."favourites" (
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"file_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_article_id_file_id_pk" PRIMARY KEY("user_id","article_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "kb"."favourites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"response_id" uuid,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"mimetype" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"thumb_key" text,
	"thumb_size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."links_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"module" text NOT NULL,
	"block_id" text NOT NULL,
	"title" text,
	"active" boolean DEFAULT true NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."links_blocks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"full_name" text,
	"department" text,
	"position" text,
	"city" text,
	"working_since" date,
	"deletion_mark" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"version" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."tag_links" (
	"tag_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"model" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "tag_links_tag_id_model_item_id_pk" PRIMARY KEY("tag_id","model","item_id")
);
--> statement-breakpoint
ALTER TABLE "kb"."tag_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"module" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"tmpl" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."vacancy_responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"contacts" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."vacancy_responses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kb"."views" (
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "views_article_id_user_id_pk" PRIMARY KEY("article_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "kb"."views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kb"."articles" ADD CONSTRAINT "articles_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "kb"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb"."favourites" ADD CONSTRAINT "favourites_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "kb"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb"."files" ADD CONSTRAINT "files_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "kb"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb"."tag_links" ADD CONSTRAINT "tag_links_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "kb"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb"."vacancy_responses" ADD CONSTRAINT "vacancy_responses_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "kb"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb"."views" ADD CONSTRAINT "views_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "kb"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_tree_idx" ON "kb"."articles" USING btree ("client_id","section","parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "articles_parent_idx" ON "kb"."articles" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "articles_acl_idx" ON "kb"."articles" USING btree ("acl_id");--> statement-breakpoint
CREATE INDEX "articles_granted_idx" ON "kb"."articles" USING btree ("client_id") WHERE jsonb_array_length("kb"."articles"."grants") > 0;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "kb"."articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "favourites_article_idx" ON "kb"."favourites" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_uq" ON "kb"."files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_article_idx" ON "kb"."files" USING btree ("article_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "links_blocks_place_uq" ON "kb"."links_blocks" USING btree ("client_id","module","block_id");--> statement-breakpoint
CREATE INDEX "tag_links_item_idx" ON "kb"."tag_links" USING btree ("model","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_client_module_name_uq" ON "kb"."tags" USING btree ("client_id","module",lower("name"));--> statement-breakpoint
CREATE INDEX "vacancy_responses_article_idx" ON "kb"."vacancy_responses" USING btree ("article_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."articles" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."favourites" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."files" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."links_blocks" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."members" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."tag_links" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."tags" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."vacancy_responses" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."views" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));