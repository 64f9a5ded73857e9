-- Custom migration: typo corrections through a function, for the same reason as search_matches: under row-level
-- security neither LIKE nor the trigram operator (not leakproof) may use the indexes of kb.search_words, so every
-- search compared the query with all of a client's words (half a second at 200,000 words).
-- Corrections of one query word from the current client's word list (the client is the transaction's
-- app.client_id, never a parameter; none set, none given): empty when the word has fewer than 3 characters or
-- begins a known word (a prefix while typing, or spelled right); else up to n known words, most trigram-similar
-- first (pg_trgm similarity >= 0.3), and words containing it; by substring only without pg_trgm.
CREATE OR REPLACE FUNCTION "kb".search_corrections(w text, n integer)
RETURNS text[] LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  c uuid := nullif(current_setting('app.client_id', true), '')::uuid;
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
REVOKE ALL ON FUNCTION "kb".search_corrections(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "kb".search_corrections(text, integer) TO intranet_app;
