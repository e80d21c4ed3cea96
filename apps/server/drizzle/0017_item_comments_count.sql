ALTER TABLE "items" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "items" SET "comments_count" = "counted"."n"
FROM (
  SELECT "team_id", "item_id", count(*)::int AS "n" FROM "comments"
  WHERE "deleted_at" IS NULL GROUP BY "team_id", "item_id"
) AS "counted"
WHERE "items"."team_id" = "counted"."team_id" AND "items"."id" = "counted"."item_id";
