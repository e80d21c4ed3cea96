import { type SQL, sql } from 'drizzle-orm';

/**
 * The searchable text of an item: its string values (titles, texts, long texts without their
 * tags, e-mails, phones, custom IDs), as one text; of a comment: its HTML without tags. These are
 * the expressions migration 0015 indexes, written out as raw SQL so that PostgreSQL sees the same
 * expression and uses the index: a parameter in their place would not match it.
 */
export const ITEM_TEXT = sql.raw(
  `regexp_replace(jsonb_path_query_array("items"."values", '$.* ? (@.data.type() == "string").data')::text, '<[^>]*>|&[#0-9a-zA-Z]+;|\\\\[nrt"\\\\]', ' ', 'g')`,
);
export const COMMENT_TEXT = sql.raw(`regexp_replace("comments"."html", '<[^>]*>|&[#0-9a-zA-Z]+;', ' ', 'g')`);

/** The full-text vector of a text expression, as the indexes build it. */
export const vectorOf = (text: SQL) => sql`to_tsvector('simple'::regconfig, ${text})`;
