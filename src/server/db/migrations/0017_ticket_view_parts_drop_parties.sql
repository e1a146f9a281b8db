ALTER TABLE "ticket_view_parts" DROP COLUMN "carrier";--> statement-breakpoint
ALTER TABLE "ticket_view_parts" DROP COLUMN "offers";--> statement-breakpoint
ALTER TABLE "ticket_view_parts" DROP COLUMN "offer_carriers";