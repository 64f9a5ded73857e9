-- Custom migration: search_matches returns ts_rank_cd alone (the caller adds the title similarity to the rows within
-- 1 of the page's last rank, which is exact); the cheap title check and its parameter go.
DROP FUNCTION IF EXISTS "kb".search_matches(tsquery, tsquery, text, uuid[]);
--> statement-breakpoint
-- The full-text matches of a query in the current client's section, for a reader: p_acl = the restricting node ids
-- they may read, NULL for administrators (the same rule as canReadSql, which the caller applies again to the rows).
-- SECURITY DEFINER because under row-level security PostgreSQL cannot use the GIN index for @@ (ts_match_vq is not
-- leakproof), so every search scanned the whole table. Tenant isolation stays in the database: the client is the
-- transaction's app.client_id (what the tenant policy checks), never a parameter; no client set, no rows.
-- Output per match: cd = ts_rank_cd (title A > contents B > file names C).
CREATE OR REPLACE FUNCTION "kb".search_matches(q tsquery, p_section text, p_acl uuid[])
RETURNS TABLE (id uuid, parent_id uuid, acl_id uuid, updated_at timestamptz, cd real)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- EXECUTE ... USING plans with the values (a rare word takes the GIN index, a common one may scan; the grant
  -- list becomes a hashed constant), where a plain SQL function would get one generic plan.
  RETURN QUERY EXECUTE
    'SELECT a.id, a.parent_id, a.acl_id, a.updated_at, ts_rank_cd(a.search, $1)
     FROM "kb"."articles" a
     WHERE a.client_id = nullif(current_setting(''app.client_id'', true), '''')::uuid AND a.section = $2
       AND a.search @@ $1 AND ($3 IS NULL OR a.acl_id IS NULL OR a.acl_id = ANY($3))'
    USING q, p_section, p_acl;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".search_matches(tsquery, text, uuid[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "kb".search_matches(tsquery, text, uuid[]) TO intranet_app;
