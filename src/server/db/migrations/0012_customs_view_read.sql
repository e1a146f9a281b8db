ALTER TABLE "ticket_customs_views" ADD COLUMN "read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_customs_views_unread_idx" ON "ticket_customs_views" USING btree ("customs_agent_id","status","ticket_id") WHERE not read;--> statement-breakpoint
-- A ticket's customs rows copy its read flag too (as migration 0011 left the view, with `read` added at
-- the end), so an agent's unread tickets are listed and counted from their own partial index.
CREATE OR REPLACE VIEW ticket_customs_live AS
  SELECT bc.customs_agent_id, t.id AS ticket_id, t.status, t.created_at, t.customs_read AS read
  FROM tickets t
  JOIN provider_invoices pi ON pi.ticket_id = t.id
  JOIN border_crossings bc ON bc.id = pi.border_crossing_id
  WHERE customs_see(t.status, t.deleted_at) AND bc.customs_agent_id IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_ticket_customs_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_customs_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_customs_live l WHERE l.ticket_id = tid AND l.customs_agent_id = v.customs_agent_id);
  INSERT INTO ticket_customs_views AS v (customs_agent_id, ticket_id, status, created_at, read)
    SELECT l.customs_agent_id, l.ticket_id, l.status, l.created_at, l.read FROM ticket_customs_live l WHERE l.ticket_id = tid
    ON CONFLICT (customs_agent_id, ticket_id) DO UPDATE
      SET status = excluded.status, created_at = excluded.created_at, read = excluded.read
    WHERE (v.status, v.created_at, v.read) IS DISTINCT FROM (excluded.status, excluded.created_at, excluded.read);
END $$;
--> statement-breakpoint
-- As migration 0011 left it, with the read flag among the columns whose change refreshes the rows: a
-- flag changed while customs see the ticket reaches the agent's row in the same transaction.
CREATE OR REPLACE FUNCTION ticket_customs_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.status, OLD.deleted_at, OLD.created_at, OLD.customs_read)
      IS NOT DISTINCT FROM (NEW.status, NEW.deleted_at, NEW.created_at, NEW.customs_read)) THEN
    RETURN NULL;
  END IF;
  IF NOT customs_see(OLD.status, OLD.deleted_at)
      AND NOT (TG_OP = 'UPDATE' AND customs_see(NEW.status, NEW.deleted_at)) THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_ticket_customs_views(OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_ticket_customs_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE ticket_customs_views DISABLE TRIGGER ticket_counts;
  DELETE FROM ticket_customs_views;
  INSERT INTO ticket_customs_views (customs_agent_id, ticket_id, status, created_at, read)
    SELECT customs_agent_id, ticket_id, status, created_at, read FROM ticket_customs_live;
  ALTER TABLE ticket_customs_views ENABLE TRIGGER ticket_counts;
END $$;
--> statement-breakpoint
-- The flags of the rows kept so far (the count trigger ignores a change of the flag alone).
UPDATE ticket_customs_views v SET read = true FROM tickets t WHERE t.id = v.ticket_id AND t.customs_read;
--> statement-breakpoint
ANALYZE ticket_customs_views;
