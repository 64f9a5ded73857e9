-- Custom migration: keeps kb.acl_versions (0005) in step with the §6 grants of restricting nodes, so the service
-- may cache each viewer's grant levels (access.ts loadAcl) and still never serve a stale one.
-- What a cached map holds: for every row of a client with non-empty grants, grant_level(grants, viewer) under that
-- row's id. It depends only on the set of (id, grants) of those rows, so a bump is due exactly when such a row is
-- inserted or deleted (cascades included: they run as statements of their own) or its grants (or client) change.
-- Moves and acl_id re-derivation change which rows a restricting node governs, not the map: the reader checks each
-- row's current acl_id against the map in the same transaction.
-- Versions come from one sequence, never from a per-client counter: a value is never reused, even after rows of
-- acl_versions are lost, so no cached map can be mistaken for a later state.
CREATE SEQUENCE IF NOT EXISTS "kb"."acl_version_seq";
--> statement-breakpoint
-- SECURITY DEFINER: the application role may read versions but not write them; only these triggers do.
CREATE OR REPLACE FUNCTION "kb".bump_acl_versions(clients uuid[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO "kb"."acl_versions" AS v (client_id, version)
  SELECT c, nextval('"kb"."acl_version_seq"') FROM (SELECT DISTINCT unnest(clients) AS c ORDER BY 1) x
  ON CONFLICT (client_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".bump_acl_versions(uuid[]) FROM PUBLIC;
--> statement-breakpoint
-- Inserts and deletes: one statement trigger each, over the transition table (bulk seeds and deep deletes bump
-- once per client), only when a row with grants is among them.
CREATE OR REPLACE FUNCTION "kb".acl_rows_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE clients uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT client_id) INTO clients FROM new_rows WHERE jsonb_array_length(grants) > 0;
  ELSE
    SELECT array_agg(DISTINCT client_id) INTO clients FROM old_rows WHERE jsonb_array_length(grants) > 0;
  END IF;
  IF clients IS NOT NULL THEN
    PERFORM "kb".bump_acl_versions(clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: a row trigger only on rows whose grants or client changed (view counters, edits, moves and acl_id
-- re-derivation never fire it).
CREATE OR REPLACE FUNCTION "kb".acl_row_updated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM "kb".bump_acl_versions(ARRAY[OLD.client_id, NEW.client_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".acl_rows_changed() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".acl_row_updated() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER articles_acl_insert AFTER INSERT ON "kb"."articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "kb".acl_rows_changed();
--> statement-breakpoint
CREATE TRIGGER articles_acl_delete AFTER DELETE ON "kb"."articles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "kb".acl_rows_changed();
--> statement-breakpoint
CREATE TRIGGER articles_acl_update AFTER UPDATE OF grants, client_id ON "kb"."articles" FOR EACH ROW
  WHEN (OLD.grants IS DISTINCT FROM NEW.grants OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION "kb".acl_row_updated();
--> statement-breakpoint
-- Clients that already have restricting nodes get a version now (a client without a row has none to cache).
INSERT INTO "kb"."acl_versions" (client_id, version)
SELECT c, nextval('"kb"."acl_version_seq"') FROM (SELECT DISTINCT client_id AS c FROM "kb"."articles" WHERE jsonb_array_length(grants) > 0 ORDER BY 1) x
ON CONFLICT (client_id) DO NOTHING;
--> statement-breakpoint
-- The application role reads versions; only the triggers above (as the owner) write them.
REVOKE INSERT, UPDATE, DELETE ON "kb"."acl_versions" FROM intranet_app;
--> statement-breakpoint
GRANT SELECT ON "kb"."acl_versions" TO intranet_app;
