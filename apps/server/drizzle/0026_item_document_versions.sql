CREATE TABLE "item_document_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"state" "bytea" NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_document_versions" ADD CONSTRAINT "item_document_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_document_versions" ADD CONSTRAINT "item_document_versions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_document_versions_item_idx" ON "item_document_versions" USING btree ("team_id","item_id","created_at");