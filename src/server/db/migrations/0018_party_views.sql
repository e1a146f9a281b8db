CREATE TABLE "party_views" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"json" text NOT NULL,
	CONSTRAINT "party_views_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "ticket_view_parts" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_view_parts" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_view_parts" ADD COLUMN "origin_depot_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_view_parts" ADD COLUMN "destination_id" integer;