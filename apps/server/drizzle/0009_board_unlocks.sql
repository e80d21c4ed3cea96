CREATE TABLE "board_unlocks" (
	"team_id" integer NOT NULL,
	"board_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_unlocks_team_id_board_id_user_id_pk" PRIMARY KEY("team_id","board_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "board_unlocks" ADD CONSTRAINT "board_unlocks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_unlocks" ADD CONSTRAINT "board_unlocks_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_unlocks" ADD CONSTRAINT "board_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_unlocks_team_user_idx" ON "board_unlocks" USING btree ("team_id","user_id");