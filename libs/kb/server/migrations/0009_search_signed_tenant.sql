-- Custom migration (issue 18 §1): the search functions take the client from intranet_private.current_client() (the
-- signed tenant) instead of the app.client_id setting, which a session could set to any id. They run as
-- intranet_definer (BYPASSRLS, no login; set by the migration step), so this filter is their tenant isolation.
CREATE OR REPLACE FUNCTION "kb".search_matches(q tsquery, p_section text, p_acl uuid[])
RETURNS TABLE (id uuid, parent_id uuid, acl_id uuid, updated_at timestamptz, cd real)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- EXECUTE ... USING plans with the values (a rare word takes the GIN index, a common one may scan; the grant
  -- list becomes a hashed constant), where a plain SQL function would get one generic plan.
  RETURN QUERY EXECUTE
    'SELECT a.id, a.parent_id, a.acl_id, a.updated_at, ts_rank_cd(a.search, $1)
     FROM "kb"."articles" a
     WHERE a.client_id = (SELECT intranet_private.current_client()) AND a.section = $2
       AND a.search @@ $1 AND ($3 IS NULL OR a.acl_id IS NULL OR a.acl_id = ANY($3))'
    USING q, p_section, p_acl;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kb".search_corrections(w text, n integer)
RETURNS text[] LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  c uuid := intranet_private.current_client();
  pat text := replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_');
  nsp text;
  known boolean;
  found text[];
BEGIN
  IF c IS NULL OR w IS NULL OR length(w) < 3 THEN
    RETURN '{}';
  END IF;
  -- EXECUTE ... USING: planned with the values, so the prefix becomes an index range.
  EXECUTE 'SELECT EXISTS (SELECT 1 FROM "kb"."search_words" s WHERE s.client_id = $1 AND s.word LIKE $2)' INTO known USING c, pat || '%';
  IF known THEN
    RETURN '{}';
  END IF;
  SELECT ns.nspname INTO nsp FROM pg_extension e JOIN pg_namespace ns ON ns.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF nsp IS NULL THEN
    EXECUTE 'SELECT coalesce(array_agg(word ORDER BY length(word), word), ''{}'') FROM (
               SELECT s.word FROM "kb"."search_words" s WHERE s.client_id = $1 AND s.word LIKE $2 ORDER BY length(s.word), s.word LIMIT $3) x'
      INTO found USING c, '%' || pat || '%', n;
  ELSE
    PERFORM set_config('pg_trgm.similarity_threshold', '0.3', true);
    EXECUTE format('SELECT coalesce(array_agg(word ORDER BY sim DESC, word), ''{}'') FROM (
               SELECT s.word, %1$I.similarity(s.word, $2) AS sim FROM "kb"."search_words" s
               WHERE s.client_id = $1 AND (s.word OPERATOR(%1$I.%%) $2 OR s.word LIKE $3)
               ORDER BY sim DESC, s.word LIMIT $4) x', nsp)
      INTO found USING c, w, '%' || pat || '%', n;
  END IF;
  RETURN found;
END $$;
--> statement-breakpoint
-- kb.search_words is made by the custom migration 0002 (not by drizzle-kit), so its policy is changed here.
ALTER POLICY "tenant_isolation" ON "kb"."search_words" TO intranet_app
  USING ((client_id = (SELECT intranet_private.current_client())))
  WITH CHECK ((client_id = (SELECT intranet_private.current_client())));
