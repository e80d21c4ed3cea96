CREATE TABLE "item_texts" (
	"item_id" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"row_version" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_texts" ADD CONSTRAINT "item_texts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_texts" ADD CONSTRAINT "item_texts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_texts_team_idx" ON "item_texts" USING btree ("team_id");--> statement-breakpoint
-- Search over items reads this table (docs/search.md): its text is written after commit by the
-- search indexer, only when a write may have changed a string value, so writes of numbers,
-- statuses, dates or moves no longer compute the search indexes. The expression in the INSERT
-- must stay the same as ITEM_TEXT_OF_VALUES in apps/server/src/modules/search/search-text.ts.
INSERT INTO "item_texts" ("item_id", "team_id", "row_version", "text")
SELECT "id", "team_id", "row_version", regexp_replace(jsonb_path_query_array("values", '$.* ? (@.data.type() == "string").data')::text, '<[^>]*>|&[#0-9a-zA-Z]+;|\\[nrt"\\]', ' ', 'g')
FROM "items";
--> statement-breakpoint
CREATE INDEX "item_texts_search_idx" ON "item_texts" USING gin (to_tsvector('simple'::regconfig, "text"));
--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_search_trgm_idx";
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "item_texts_search_trgm_idx" ON "item_texts" USING gin ("text" gin_trgm_ops);
  END IF;
END $$;
