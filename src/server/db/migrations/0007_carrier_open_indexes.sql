-- A carrier's home pages read its open view rows from the index alone: walked newest first with the
-- status on each entry, or by status (a handful of PENDING rows among thousands it carried).
CREATE INDEX "ticket_carrier_views_open_id_idx" ON "ticket_carrier_views" USING btree ("carrier_id","ticket_id","status") WHERE open;--> statement-breakpoint
CREATE INDEX "ticket_carrier_views_open_status_idx" ON "ticket_carrier_views" USING btree ("carrier_id","status","ticket_id") WHERE open;