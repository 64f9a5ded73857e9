-- Transactional outbox (DESIGN §6): a domain event is written here in the transaction of the change it
-- describes and relayed to the bus after commit, so a crash between commit and publish loses nothing.
CREATE SCHEMA IF NOT EXISTS "outbox";
--> statement-breakpoint
CREATE TABLE "outbox"."events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"client_id" uuid,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox"."events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "outbox"."events" AS PERMISSIVE FOR ALL TO intranet_app
  USING (client_id IS NOT DISTINCT FROM nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (client_id IS NOT DISTINCT FROM nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT USAGE ON SCHEMA "outbox" TO intranet_app;
--> statement-breakpoint
-- UPDATE only because the relay claims rows with SELECT ... FOR UPDATE SKIP LOCKED, which requires it.
GRANT SELECT, INSERT, UPDATE, DELETE ON "outbox"."events" TO intranet_app;
