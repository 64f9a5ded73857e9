-- A workspace's full delete (issue 36): after it no row of the client is left in any table, the journal included.
-- The journal stays append-only for every role; only audit.purge_client (SECURITY DEFINER, owned by the definer role
-- by the migration step, executable by the system context only) removes one client's rows, and only while it runs.
CREATE OR REPLACE FUNCTION "audit"."refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purge_client', true) = OLD.client_id::text THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit.journal is append-only' USING ERRCODE = 'insufficient_privilege';
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "audit"."purge_client"(p_client uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE n integer;
BEGIN
  PERFORM set_config('audit.purge_client', p_client::text, true);
  DELETE FROM "audit"."journal" WHERE client_id = p_client;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('audit.purge_client', '', true);
  RETURN n;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "audit"."purge_client"(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "audit"."purge_client"(uuid) TO intranet_system;
