ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_board_id_boards_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_user_id_users_id_fk";
