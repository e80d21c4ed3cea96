-- Search (docs/search.md): full-text indexes over the text of items (their string values, tags
-- removed) and of comments, in the `simple` configuration; and, where the pg_trgm extension can be
-- had (available, and the role may install it), trigram indexes over the same text for matches inside words. The expressions must stay the
-- same as in apps/server/src/modules/search/search-text.ts, or the queries stop using the indexes.
CREATE INDEX "items_search_idx" ON "items" USING gin (to_tsvector('simple'::regconfig, regexp_replace(jsonb_path_query_array("values", '$.* ? (@.data.type() == "string").data')::text, '<[^>]*>|&[#0-9a-zA-Z]+;|\\[nrt"\\]', ' ', 'g'))) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin (to_tsvector('simple'::regconfig, regexp_replace("html", '<[^>]*>|&[#0-9a-zA-Z]+;', ' ', 'g'))) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      -- A role that may not install extensions: search works without the trigram indexes.
      RAISE NOTICE 'pg_trgm not installed (insufficient privilege): search reads rows for inside-word matches';
      RETURN;
    END;
    CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (regexp_replace(jsonb_path_query_array("values", '$.* ? (@.data.type() == "string").data')::text, '<[^>]*>|&[#0-9a-zA-Z]+;|\\[nrt"\\]', ' ', 'g') gin_trgm_ops) WHERE "deleted_at" IS NULL;
    CREATE INDEX "comments_search_trgm_idx" ON "comments" USING gin (regexp_replace("html", '<[^>]*>|&[#0-9a-zA-Z]+;', ' ', 'g') gin_trgm_ops) WHERE "deleted_at" IS NULL;
  END IF;
END $$;
