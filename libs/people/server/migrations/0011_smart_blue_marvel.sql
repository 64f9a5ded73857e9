CREATE TABLE "people"."sso_providers" (
	"client_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"oauth_client_id" text NOT NULL,
	"secret_sealed" text,
	"domain" text,
	"allow_create" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_client_id_provider_pk" PRIMARY KEY("client_id","provider")
);
--> statement-breakpoint
ALTER TABLE "people"."sso_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "people"."sso_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people"."sso_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people"."users" ADD COLUMN "google_image" text;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."sso_providers" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "people"."sso_requests" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));