-- Custom migration (issue 36): a workspace's full delete removes its row of kb.acl_versions, which the runtime may
-- only read (0006). SECURITY DEFINER like bump_acl_versions; only the system context (the clients service's
-- orchestration through kb's tenant part) may call it. It runs after the articles are gone, so no trigger re-adds it.
CREATE OR REPLACE FUNCTION "kb".purge_acl_versions(p_client uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE n integer;
BEGIN
  DELETE FROM "kb"."acl_versions" WHERE client_id = p_client;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".purge_acl_versions(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "kb".purge_acl_versions(uuid) TO intranet_system;
