-- The articles, polls and courses of the client that steps may point to (a projection of their domains' events).
CREATE TABLE "adaptation"."refs" (
	"kind" text NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" timestamp with time zone NOT NULL,
	CONSTRAINT "refs_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "adaptation"."refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "adaptation"."refs" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));