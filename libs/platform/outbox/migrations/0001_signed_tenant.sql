-- Issue 18 §1: the tenant is the signed one (intranet_private.current_client(), see libs/platform/db); the system
-- context's role bypasses row-level security, so the app.bypass_rls setting is gone. Events of no client are
-- written and read by the system context only.
ALTER POLICY "tenant_isolation" ON "outbox"."events" TO intranet_app
  USING (client_id = (SELECT intranet_private.current_client()))
  WITH CHECK (client_id = (SELECT intranet_private.current_client()));
