CREATE TABLE "form_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"view_id" text NOT NULL,
	"item_id" text NOT NULL,
	"user_id" integer,
	"challenge_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_view_id_folder_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."folder_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_answers_challenge_idx" ON "form_answers" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "form_answers_view_idx" ON "form_answers" USING btree ("team_id","view_id");