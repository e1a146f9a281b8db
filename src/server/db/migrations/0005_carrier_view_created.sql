-- A carrier's view keeps each ticket's creation time, so the tickets of its last day (the day-old split of
-- its status counts) are read from an index of its own rows instead of probing every ticket of the day.
ALTER TABLE "ticket_carrier_views" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
-- The backfill changes no status or openness: the per-row count trigger would only add +1/-1 pairs.
ALTER TABLE "ticket_carrier_views" DISABLE TRIGGER ticket_counts;--> statement-breakpoint
UPDATE "ticket_carrier_views" v SET "created_at" = t.created_at FROM tickets t WHERE t.id = v.ticket_id;--> statement-breakpoint
ALTER TABLE "ticket_carrier_views" ENABLE TRIGGER ticket_counts;--> statement-breakpoint
ALTER TABLE "ticket_carrier_views" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_carrier_views_open_created_idx" ON "ticket_carrier_views" USING btree ("carrier_id","created_at") WHERE open;--> statement-breakpoint
DROP FUNCTION ticket_carrier_set(integer);--> statement-breakpoint
-- The carriers that see a live ticket now: every carrier offered it (open while its offer is PENDING or
-- CONFIRMED) and the ticket's carrier once the ticket is past PENDING. A deleted ticket has none.
CREATE FUNCTION ticket_carrier_set(tid integer)
  RETURNS TABLE (carrier_id integer, status text, open boolean, created_at timestamptz)
LANGUAGE sql AS $$
  SELECT s.carrier_id, t.status, bool_or(s.open), t.created_at
  FROM tickets t
  CROSS JOIN LATERAL (
    SELECT a.carrier_id, a.status IN ('PENDING', 'CONFIRMED') AS open FROM ticket_assignments a WHERE a.ticket_id = t.id
    UNION ALL
    SELECT t.carrier_id, true WHERE t.carrier_id IS NOT NULL AND t.status <> 'PENDING'
  ) s
  WHERE t.id = tid AND t.deleted_at IS NULL
  GROUP BY s.carrier_id, t.status, t.created_at
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_ticket_carrier_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_carrier_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_carrier_set(tid) s WHERE s.carrier_id = v.carrier_id);
  INSERT INTO ticket_carrier_views AS v (carrier_id, ticket_id, status, open, created_at)
    SELECT s.carrier_id, tid, s.status, s.open, s.created_at FROM ticket_carrier_set(tid) s
    ON CONFLICT (carrier_id, ticket_id) DO UPDATE
      SET status = excluded.status, open = excluded.open, created_at = excluded.created_at
    WHERE (v.status, v.open, v.created_at) IS DISTINCT FROM (excluded.status, excluded.open, excluded.created_at);
END $$;
--> statement-breakpoint
-- A ticket whose creation time is corrected refreshes its carriers' rows as a status change does.
CREATE OR REPLACE FUNCTION ticket_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.supplier_id, OLD.carrier_id, OLD.deleted_at, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.supplier_id, NEW.carrier_id, NEW.deleted_at, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    INSERT INTO ticket_counts (scope, party_id, status, n)
      VALUES ('all', 0, OLD.status, -1), ('supplier', OLD.supplier_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    INSERT INTO ticket_counts (scope, party_id, status, n)
      VALUES ('all', 0, NEW.status, 1), ('supplier', NEW.supplier_id, NEW.status, 1);
  END IF;
  PERFORM refresh_ticket_carrier_views(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_ticket_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_carrier_views;
  DELETE FROM ticket_counts;
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_counts;
  INSERT INTO ticket_carrier_views (carrier_id, ticket_id, status, open, created_at)
    SELECT s.carrier_id, s.ticket_id, max(s.status), bool_or(s.open), max(s.created_at) FROM (
      SELECT a.carrier_id, t.id AS ticket_id, t.status, a.status IN ('PENDING', 'CONFIRMED') AS open, t.created_at
        FROM ticket_assignments a JOIN tickets t ON t.id = a.ticket_id WHERE t.deleted_at IS NULL
      UNION ALL
      SELECT t.carrier_id, t.id, t.status, true, t.created_at FROM tickets t
        WHERE t.deleted_at IS NULL AND t.carrier_id IS NOT NULL AND t.status <> 'PENDING'
    ) s GROUP BY s.carrier_id, s.ticket_id;
  ALTER TABLE ticket_carrier_views ENABLE TRIGGER ticket_counts;
  INSERT INTO ticket_counts (scope, party_id, status, n)
    SELECT 'all', 0, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY status
    UNION ALL
    SELECT 'supplier', supplier_id, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY supplier_id, status
    UNION ALL
    SELECT 'carrier', carrier_id, status, count(*) FROM ticket_carrier_views WHERE open GROUP BY carrier_id, status;
END $$;
--> statement-breakpoint
ANALYZE ticket_carrier_views;
