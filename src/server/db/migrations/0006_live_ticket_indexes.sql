-- Indexes of the live tickets (not deleted) that answer from the index alone:
-- - by id with the status: an admin's list walks it by id and skips other statuses without reading
--   their rows, so page 1000 of the whole list is a short index read;
-- - by creation time with the status: the status counts split by age count the last day's tickets.
CREATE INDEX "tickets_live_id_status_idx" ON "tickets" USING btree ("id","status") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_live_created_status_idx" ON "tickets" USING btree ("created_at","status") WHERE "tickets"."deleted_at" is null;