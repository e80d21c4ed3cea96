CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"automation_id" uuid NOT NULL,
	"board_id" text NOT NULL,
	"run_key" text NOT NULL,
	"item_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"occurrence" jsonb NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"actor_id" integer,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automation_usage" (
	"team_id" integer NOT NULL,
	"period" text NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"warned" boolean DEFAULT false NOT NULL,
	"exceeded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "automation_usage_team_id_period_pk" PRIMARY KEY("team_id","period")
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"board_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"recipe" jsonb NOT NULL,
	"off_reason" text,
	"runs_total" integer DEFAULT 0 NOT NULL,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_usage" ADD CONSTRAINT "automation_usage_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_key_idx" ON "automation_runs" USING btree ("automation_id","run_key");--> statement-breakpoint
CREATE INDEX "automation_runs_automation_idx" ON "automation_runs" USING btree ("team_id","automation_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_board_idx" ON "automation_runs" USING btree ("team_id","board_id","created_at");--> statement-breakpoint
CREATE INDEX "automations_board_idx" ON "automations" USING btree ("team_id","board_id");--> statement-breakpoint
INSERT INTO "users" ("email", "name", "password_hash", "source") VALUES ('autobot@automation.invalid', 'Autobot', '!', 'automation') ON CONFLICT DO NOTHING;
