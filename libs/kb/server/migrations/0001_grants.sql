-- Custom migration: the application role may use this schema's tables; row-level security decides which rows.
GRANT USAGE ON SCHEMA "kb" TO intranet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "kb" TO intranet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "kb" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO intranet_app;
--> statement-breakpoint
-- §6 access grants: the level (0 none, 1 read, 2 write) a list of grants gives one employee. Matching grants are
-- taken most-specific tier first (3: manual list or named head; 2: position, department, city, working time, all
-- heads; 1: all); within the winning tier an explicit 'none' denies, else the highest level wins. No match: 0.
CREATE OR REPLACE FUNCTION "kb".grant_level(grants jsonb, uid text, is_head boolean, dept text, pos text, city text, wt text)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH m AS (
    SELECT CASE g->>'level' WHEN 'write' THEN 2 WHEN 'read' THEN 1 ELSE 0 END AS lvl,
           CASE WHEN g->>'target' IN ('manual', 'head') THEN 3 WHEN g->>'target' = 'all' THEN 1 ELSE 2 END AS tier
    FROM jsonb_array_elements(coalesce(grants, '[]'::jsonb)) AS g
    WHERE CASE g->>'target'
      WHEN 'all' THEN true
      WHEN 'all_heads' THEN coalesce(is_head, false)
      WHEN 'head' THEN coalesce(is_head, false) AND g->>'value' = uid
      WHEN 'position' THEN lower(btrim(g->>'value')) = lower(btrim(pos))
      WHEN 'department' THEN lower(btrim(g->>'value')) = lower(btrim(dept))
      WHEN 'city' THEN lower(btrim(g->>'value')) = lower(btrim(city))
      WHEN 'working_time' THEN g->>'value' = wt
      WHEN 'manual' THEN jsonb_typeof(g->'users') = 'array' AND (g->'users') ? uid
      ELSE false
    END
  )
  SELECT coalesce((SELECT CASE WHEN bool_or(lvl = 0) THEN 0 ELSE max(lvl) END FROM m WHERE tier = (SELECT max(tier) FROM m)), 0)
$$;
--> statement-breakpoint
-- Trigram similarity for typos in search. The PostgreSQL server has pg_trgm; an embedded PGlite built without the
-- extension cannot create it, and search then falls back to ILIKE (the service checks pg_extension at run time).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): kb search uses ILIKE instead of trigram similarity', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
DECLARE nsp text;
BEGIN
  SELECT n.nspname INTO nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF nsp IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS articles_title_trgm_idx ON "kb"."articles" USING gin (title %I.gin_trgm_ops)', nsp);
    EXECUTE format('CREATE INDEX IF NOT EXISTS articles_files_trgm_idx ON "kb"."articles" USING gin (file_names %I.gin_trgm_ops)', nsp);
  END IF;
END $$;
