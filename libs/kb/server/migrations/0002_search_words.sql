-- Custom migration: typo correction for search over titles, contents and file names (DESIGN: kb README, Search).
-- pg_trgm: PostgreSQL ships it in contrib; the embedded PGlite loads it as an extension (openDatabase), so databases
-- created before that get it now. A server without contrib still works: search then corrects by substring only.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): kb search corrects typos by substring only', SQLERRM;
END $$;
--> statement-breakpoint
-- Search no longer compares every title and file name by trigrams (it corrects the query word instead).
DROP INDEX IF EXISTS "kb"."articles_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "kb"."articles_files_trgm_idx";
--> statement-breakpoint
-- The distinct words (simple-configuration lexemes, 3..40 characters, no punctuation, not only digits) of each
-- client's articles: titles, contents and file names. Maintained on write by statement triggers; never pruned (a
-- stale word only offers a correction that then finds nothing).
CREATE TABLE "kb"."search_words" (
  "client_id" uuid NOT NULL,
  "word" text NOT NULL
);
--> statement-breakpoint
-- text_pattern_ops: the btree serves "word LIKE 'prefix%'" whatever the database collation.
CREATE UNIQUE INDEX "search_words_uq" ON "kb"."search_words" USING btree ("client_id", "word" text_pattern_ops);
--> statement-breakpoint
ALTER TABLE "kb"."search_words" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "kb"."search_words" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on')) WITH CHECK ((client_id = nullif(current_setting('app.client_id', true), '')::uuid OR current_setting('app.bypass_rls', true) = 'on'));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "kb"."search_words" TO intranet_app;
--> statement-breakpoint
DO $$
DECLARE nsp text;
BEGIN
  SELECT n.nspname INTO nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF nsp IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON "kb"."search_words" USING gin (word %I.gin_trgm_ops)', nsp);
  END IF;
END $$;
--> statement-breakpoint
-- The words of a text as search_words keeps them.
CREATE OR REPLACE FUNCTION "kb".search_words_of(txt text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(txt, '')))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[^[:punct:][:space:]]+$' AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one insert of the new words per statement (bulk seeds), only rows
-- whose text changed on update (view counters and moves cost nothing), words in order (no deadlocks between
-- concurrent writers).
CREATE OR REPLACE FUNCTION "kb".remember_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "kb"."search_words" (client_id, word)
    SELECT DISTINCT n.client_id, w FROM new_rows n, "kb".search_words_of(n.title || ' ' || n.body_text || ' ' || n.file_names) AS w
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "kb"."search_words" (client_id, word)
    SELECT DISTINCT n.client_id, w
    FROM new_rows n JOIN old_rows o ON o.id = n.id, "kb".search_words_of(n.title || ' ' || n.body_text || ' ' || n.file_names) AS w
    WHERE (n.title, n.body_text, n.file_names) IS DISTINCT FROM (o.title, o.body_text, o.file_names)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_search_words_ins AFTER INSERT ON "kb"."articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "kb".remember_search_words();
--> statement-breakpoint
CREATE TRIGGER articles_search_words_upd AFTER UPDATE ON "kb"."articles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "kb".remember_search_words();
--> statement-breakpoint
INSERT INTO "kb"."search_words" (client_id, word)
SELECT DISTINCT a.client_id, w FROM "kb"."articles" a, "kb".search_words_of(a.title || ' ' || a.body_text || ' ' || a.file_names) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The full-text matches of a query in the current client's section, for a reader: p_acl = the restricting node ids
-- they may read, NULL for administrators (the same rule as canReadSql, which the caller applies again to the rows).
-- SECURITY DEFINER because under row-level security PostgreSQL cannot use the GIN index for @@ (ts_match_vq is not
-- leakproof), so every search scanned the whole table. Tenant isolation stays in the database: the client is the
-- transaction's app.client_id (what the tenant policy checks), never a parameter; no client set, no rows.
-- Output per match: ts_rank_cd (title A > contents B > file names C) and whether the title matches q_title.
CREATE OR REPLACE FUNCTION "kb".search_matches(q tsquery, q_title tsquery, p_section text, p_acl uuid[])
RETURNS TABLE (id uuid, parent_id uuid, acl_id uuid, updated_at timestamptz, cd real, title_hit boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- EXECUTE ... USING plans with the values (a rare word takes the GIN index, a common one a scan; the grant
  -- list becomes a hashed constant), where a plain SQL function would get one generic plan.
  RETURN QUERY EXECUTE
    'SELECT a.id, a.parent_id, a.acl_id, a.updated_at, ts_rank_cd(a.search, $1), a.search @@ $2
     FROM "kb"."articles" a
     WHERE a.client_id = nullif(current_setting(''app.client_id'', true), '''')::uuid AND a.section = $3
       AND a.search @@ $1 AND ($4 IS NULL OR a.acl_id IS NULL OR a.acl_id = ANY($4))'
    USING q, q_title, p_section, p_acl;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "kb".search_matches(tsquery, tsquery, text, uuid[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "kb".search_matches(tsquery, tsquery, text, uuid[]) TO intranet_app;
