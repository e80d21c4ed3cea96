CREATE TABLE "board_visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"board_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_items" (
	"team_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	CONSTRAINT "visitor_items_team_id_item_id_pk" PRIMARY KEY("team_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "board_visitors" ADD CONSTRAINT "board_visitors_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_visitors" ADD CONSTRAINT "board_visitors_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_items" ADD CONSTRAINT "visitor_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_items" ADD CONSTRAINT "visitor_items_visitor_id_board_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."board_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "board_visitors_token_idx" ON "board_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "board_visitors_board_idx" ON "board_visitors" USING btree ("team_id","board_id");--> statement-breakpoint
CREATE INDEX "visitor_items_visitor_idx" ON "visitor_items" USING btree ("visitor_id");