CREATE TABLE "record_changes" (
	"team_id" integer NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "record_changes_team_id_record_type_record_id_pk" PRIMARY KEY("team_id","record_type","record_id")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_changes_seq_key" ON "record_changes" USING btree ("team_id","change_seq");--> statement-breakpoint
-- Backfill: every record that exists now gets one change, numbered per workspace, so that a first
-- delta sync (since=0) sees everything; each workspace's counter starts at its last number.
INSERT INTO "record_changes" ("team_id", "record_type", "record_id", "change_seq", "deleted")
SELECT "team_id", "record_type", "record_id",
	row_number() OVER (PARTITION BY "team_id" ORDER BY "ord", "record_id"), false
FROM (
	SELECT "id" AS "team_id", 'team' AS "record_type", "id"::text AS "record_id", 0 AS "ord" FROM "teams"
	UNION ALL
	SELECT "id", 'permission_record', 'workspace:' || "id", 1 FROM "teams"
	UNION ALL
	SELECT "team_id", 'member', "user_id"::text, 2 FROM "team_members"
	UNION ALL
	SELECT "team_id", 'invitation', "user_id"::text, 3 FROM "team_invitations"
	WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL
) AS "existing";--> statement-breakpoint
UPDATE "teams" SET "change_seq" = coalesce(
	(SELECT max("change_seq") FROM "record_changes" WHERE "record_changes"."team_id" = "teams"."id"), 0);
