CREATE TABLE "kb"."acl_versions" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb"."acl_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."acl_versions" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));