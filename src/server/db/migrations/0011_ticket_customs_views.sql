CREATE TABLE "ticket_customs_views" (
	"customs_agent_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_customs_views_customs_agent_id_ticket_id_pk" PRIMARY KEY("customs_agent_id","ticket_id")
);
--> statement-breakpoint
CREATE INDEX "ticket_customs_views_ticket_idx" ON "ticket_customs_views" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_customs_views_id_idx" ON "ticket_customs_views" USING btree ("customs_agent_id","ticket_id","status");--> statement-breakpoint
CREATE INDEX "ticket_customs_views_status_idx" ON "ticket_customs_views" USING btree ("customs_agent_id","status","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_customs_views_created_idx" ON "ticket_customs_views" USING btree ("customs_agent_id","created_at");--> statement-breakpoint
-- Whether customs see a ticket in this state: live, in a status customs review. The one place the SQL
-- names those statuses (the app's CUSTOMS_VISIBLE_STATUSES; a test flips a ticket through every status
-- and compares the two). Simple enough for PostgreSQL to write it into the statements that call it.
CREATE FUNCTION customs_see(status text, deleted_at timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT deleted_at IS NULL AND status IN ('TA_INVOICED', 'MX_TRANSIT', 'DELIVERED')
$$;
--> statement-breakpoint
-- The customs agents who see a ticket, as the rows say now: the agent of the border crossing its
-- provider invoice names (a ticket has at most one), while customs see the ticket. A ticket without an
-- invoice and a crossing without an agent give none. The kept rows are this view's answer: a ticket's
-- refresh reads it for one ticket (by the invoice's ticket index), the bulk rebuild whole.
CREATE VIEW ticket_customs_live AS
  SELECT bc.customs_agent_id, t.id AS ticket_id, t.status, t.created_at
  FROM tickets t
  JOIN provider_invoices pi ON pi.ticket_id = t.id
  JOIN border_crossings bc ON bc.id = pi.border_crossing_id
  WHERE customs_see(t.status, t.deleted_at) AND bc.customs_agent_id IS NOT NULL;
--> statement-breakpoint
-- Writes one ticket's rows as its tickets, invoice and crossings now say. Callers hold the locks that
-- make "now" include every write committed before theirs (below).
CREATE FUNCTION write_ticket_customs_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_customs_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_customs_live l WHERE l.ticket_id = tid AND l.customs_agent_id = v.customs_agent_id);
  INSERT INTO ticket_customs_views AS v (customs_agent_id, ticket_id, status, created_at)
    SELECT l.customs_agent_id, l.ticket_id, l.status, l.created_at FROM ticket_customs_live l WHERE l.ticket_id = tid
    ON CONFLICT (customs_agent_id, ticket_id) DO UPDATE SET status = excluded.status, created_at = excluded.created_at
    WHERE (v.status, v.created_at) IS DISTINCT FROM (excluded.status, excluded.created_at);
END $$;
--> statement-breakpoint
-- A write to a ticket or its invoice. Two transactions can each change part of what decides a ticket's
-- rows without waiting on each other, and each would compute the rows without the other's part: one the
-- ticket's status, the other its invoice; or an invoice, and the agent of the crossing it names. So the
-- refresh first waits for any other transaction writing this ticket (the ticket's row lock) and for a
-- handover of the crossings involved (a share lock on their rows, which a handover's update of the
-- crossing conflicts with), each in a statement of its own: under READ COMMITTED the statements after
-- them see every write committed while they waited. `crossings` are those of the invoice's old and new
-- row, which the refresh may no longer see; the ticket's own invoice's crossing is locked here.
CREATE FUNCTION refresh_ticket_customs_views(tid integer, crossings integer[] DEFAULT '{}') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tickets WHERE id = tid FOR NO KEY UPDATE;
  PERFORM 1 FROM border_crossings bc
    WHERE bc.id = ANY (crossings)
      OR bc.id IN (SELECT pi.border_crossing_id FROM provider_invoices pi WHERE pi.ticket_id = tid)
    FOR SHARE;
  PERFORM write_ticket_customs_views(tid);
END $$;
--> statement-breakpoint
-- A ticket's status, deletion or creation time. A new ticket has no provider invoice yet, and a ticket
-- neither before nor after the write live in a status customs see has no rows and gets none: those writes
-- (most of a ticket's life) do nothing here, and never wait for a crossing's handover.
CREATE FUNCTION ticket_customs_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.status, OLD.deleted_at, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.deleted_at, NEW.created_at)) THEN
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
CREATE FUNCTION ticket_customs_views_on_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.ticket_id, OLD.border_crossing_id) IS NOT DISTINCT FROM (NEW.ticket_id, NEW.border_crossing_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_ticket_customs_views(OLD.ticket_id, ARRAY[OLD.border_crossing_id]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.ticket_id <> OLD.ticket_id) THEN
    PERFORM refresh_ticket_customs_views(NEW.ticket_id, ARRAY[NEW.border_crossing_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A crossing handed to another agent moves every ticket invoiced there (a master-data edit: it rewrites
-- those rows in its transaction). Its update of the crossing's row waited for every refresh holding that
-- row in share (above), so the statement that picks its tickets, which comes after, sees their invoices;
-- a refresh that comes later waits for this transaction and then reads the new agent. Writes to tickets
-- invoiced elsewhere go on meanwhile. It takes no ticket row locks: a ticket writer holding one may be
-- waiting for this crossing.
CREATE FUNCTION ticket_customs_views_on_crossing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.customs_agent_id IS NOT DISTINCT FROM NEW.customs_agent_id THEN RETURN NULL; END IF;
  PERFORM write_ticket_customs_views(pi.ticket_id) FROM provider_invoices pi WHERE pi.border_crossing_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An agent's row counts for that agent ('customs') per status, per creation hour and per block of ids.
CREATE FUNCTION ticket_counts_on_customs_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.customs_agent_id, OLD.ticket_id, OLD.status, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.customs_agent_id, NEW.ticket_id, NEW.status, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ticket_counts (scope, party_id, status, n) VALUES ('customs', OLD.customs_agent_id, OLD.status, -1);
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
      VALUES ('customs', OLD.customs_agent_id, OLD.status, utc_hour(OLD.created_at), -1);
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
      VALUES ('customs', OLD.customs_agent_id, OLD.status, OLD.ticket_id / 1024, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO ticket_counts (scope, party_id, status, n) VALUES ('customs', NEW.customs_agent_id, NEW.status, 1);
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
      VALUES ('customs', NEW.customs_agent_id, NEW.status, utc_hour(NEW.created_at), 1);
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
      VALUES ('customs', NEW.customs_agent_id, NEW.status, NEW.ticket_id / 1024, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_customs_views AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_customs_views AFTER INSERT OR UPDATE OR DELETE ON provider_invoices
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_invoice();
--> statement-breakpoint
CREATE TRIGGER ticket_customs_views AFTER UPDATE ON border_crossings
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_crossing();
--> statement-breakpoint
CREATE TRIGGER ticket_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_customs_views
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_on_customs_view();
--> statement-breakpoint
-- Rewrites the agents' views in bulk with their count trigger off (only the views: the counts are made by
-- the rebuilds below, which every bulk rebuild runs).
CREATE FUNCTION rebuild_ticket_customs_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE ticket_customs_views DISABLE TRIGGER ticket_counts;
  DELETE FROM ticket_customs_views;
  INSERT INTO ticket_customs_views (customs_agent_id, ticket_id, status, created_at)
    SELECT customs_agent_id, ticket_id, status, created_at FROM ticket_customs_live;
  ALTER TABLE ticket_customs_views ENABLE TRIGGER ticket_counts;
END $$;
--> statement-breakpoint
-- The hour and block rebuilds (as migrations 0008 and 0010 left them) with the agents' rows too.
CREATE OR REPLACE FUNCTION rebuild_ticket_hour_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_hour_counts;
  INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
    SELECT 'all', 0, status, utc_hour(created_at), count(*) FROM tickets
      WHERE deleted_at IS NULL AND created_at >= now() - interval '32 days' GROUP BY 3, 4
    UNION ALL
    SELECT 'supplier', supplier_id, status, utc_hour(created_at), count(*) FROM tickets
      WHERE deleted_at IS NULL AND created_at >= now() - interval '32 days' GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'carrier', carrier_id, status, utc_hour(created_at), count(*) FROM ticket_carrier_views
      WHERE open AND created_at >= now() - interval '32 days' GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'customs', customs_agent_id, status, utc_hour(created_at), count(*) FROM ticket_customs_views
      WHERE created_at >= now() - interval '32 days' GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_ticket_block_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_block_counts;
  INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
    SELECT 'all', 0, status, id / 1024, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY 3, 4
    UNION ALL
    SELECT 'supplier', supplier_id, status, id / 1024, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'carrier', carrier_id, status, ticket_id / 1024, count(*) FROM ticket_carrier_views
      WHERE open GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'customs', customs_agent_id, status, ticket_id / 1024, count(*) FROM ticket_customs_views GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
-- The views' rebuild (as migration 0010 left it) rewrites the agents' views too and counts them.
CREATE OR REPLACE FUNCTION rebuild_ticket_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_counts;
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_hour_counts;
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_block_counts;
  DELETE FROM ticket_carrier_views;
  INSERT INTO ticket_carrier_views (carrier_id, ticket_id, status, open, created_at)
    SELECT s.carrier_id, s.ticket_id, max(s.status), bool_or(s.open), max(s.created_at) FROM (
      SELECT a.carrier_id, t.id AS ticket_id, t.status, a.status IN ('PENDING', 'CONFIRMED') AS open, t.created_at
        FROM ticket_assignments a JOIN tickets t ON t.id = a.ticket_id WHERE t.deleted_at IS NULL
      UNION ALL
      SELECT t.carrier_id, t.id, t.status, true, t.created_at FROM tickets t
        WHERE t.deleted_at IS NULL AND t.carrier_id IS NOT NULL AND t.status <> 'PENDING'
    ) s GROUP BY s.carrier_id, s.ticket_id;
  ALTER TABLE ticket_carrier_views ENABLE TRIGGER ticket_counts;
  ALTER TABLE ticket_carrier_views ENABLE TRIGGER ticket_hour_counts;
  ALTER TABLE ticket_carrier_views ENABLE TRIGGER ticket_block_counts;
  PERFORM rebuild_ticket_customs_views();
  DELETE FROM ticket_counts;
  INSERT INTO ticket_counts (scope, party_id, status, n)
    SELECT 'all', 0, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY status
    UNION ALL
    SELECT 'supplier', supplier_id, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY supplier_id, status
    UNION ALL
    SELECT 'carrier', carrier_id, status, count(*) FROM ticket_carrier_views WHERE open GROUP BY carrier_id, status
    UNION ALL
    SELECT 'customs', customs_agent_id, status, count(*) FROM ticket_customs_views GROUP BY customs_agent_id, status;
  PERFORM rebuild_ticket_hour_counts();
  PERFORM rebuild_ticket_block_counts();
END $$;
--> statement-breakpoint
-- Fills the agents' views and their counts once; the other views and counts are as they were.
SELECT rebuild_ticket_customs_views();
--> statement-breakpoint
INSERT INTO ticket_counts (scope, party_id, status, n)
  SELECT 'customs', customs_agent_id, status, count(*) FROM ticket_customs_views GROUP BY 2, 3;
--> statement-breakpoint
INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
  SELECT 'customs', customs_agent_id, status, utc_hour(created_at), count(*) FROM ticket_customs_views
  WHERE created_at >= now() - interval '32 days' GROUP BY 2, 3, 4;
--> statement-breakpoint
INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
  SELECT 'customs', customs_agent_id, status, ticket_id / 1024, count(*) FROM ticket_customs_views GROUP BY 2, 3, 4;
--> statement-breakpoint
ANALYZE ticket_customs_views, ticket_counts, ticket_hour_counts, ticket_block_counts;
