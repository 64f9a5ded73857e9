CREATE TABLE "bp"."service_reqs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"service_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bp"."service_reqs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bp"."services" ADD COLUMN "article_id" uuid;--> statement-breakpoint
CREATE INDEX "service_reqs_client_idx" ON "bp"."service_reqs" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "services_article_idx" ON "bp"."services" USING btree ("client_id","article_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."service_reqs" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));