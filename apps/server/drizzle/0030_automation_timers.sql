CREATE TABLE "automation_timers" (
	"automation_id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"checked_until" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_timers_next_idx" ON "automation_timers" USING btree ("next_at");