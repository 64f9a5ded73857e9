-- Issue 38 §2: an Idempotency-Key is recorded in the transaction of the write it guards, so that a retry after a
-- timeout (the write done, the answer lost) finds it and gets the first result instead of writing again.
-- `scope` is the gateway's `<client>:<user>:<key>`; `result` the route's answer once it is known (null while the
-- first call runs). Keys older than a day are reused (the gateway's window, IDEMPOTENCY_TTL_MS).
CREATE TABLE "outbox"."request_keys" (
	"scope" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox"."request_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "outbox"."request_keys" AS PERMISSIVE FOR ALL TO intranet_app
  USING (client_id = (SELECT intranet_private.current_client()))
  WITH CHECK (client_id = (SELECT intranet_private.current_client()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "outbox"."request_keys" TO intranet_app;
