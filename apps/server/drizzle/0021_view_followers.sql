CREATE TABLE "view_followers" (
	"team_id" integer NOT NULL,
	"view_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_followers_view_id_user_id_pk" PRIMARY KEY("view_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "view_followers" ADD CONSTRAINT "view_followers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_followers" ADD CONSTRAINT "view_followers_view_id_folder_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."folder_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_followers" ADD CONSTRAINT "view_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "view_followers_team_folder_idx" ON "view_followers" USING btree ("team_id","folder_id");