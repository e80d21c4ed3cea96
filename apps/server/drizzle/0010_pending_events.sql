CREATE TABLE "pending_events" (
	"id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "pending_events" ("id") SELECT "id" FROM "events" WHERE "dispatched_at" IS NULL;--> statement-breakpoint
DROP INDEX "events_pending_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "dispatched_at";--> statement-breakpoint
CREATE FUNCTION "list_pending_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "pending_events" ("id") SELECT "id" FROM "inserted_events";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_list_pending" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "inserted_events" FOR EACH STATEMENT EXECUTE FUNCTION "list_pending_events"();
