CREATE TABLE "ticket_carrier_views" (
	"carrier_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"status" text NOT NULL,
	"open" boolean NOT NULL,
	CONSTRAINT "ticket_carrier_views_carrier_id_ticket_id_pk" PRIMARY KEY("carrier_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"scope" text NOT NULL,
	"party_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_carrier_views_status_idx" ON "ticket_carrier_views" USING btree ("carrier_id","status","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_carrier_views_ticket_idx" ON "ticket_carrier_views" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_counts_scope_idx" ON "ticket_counts" USING btree ("scope","party_id","status");--> statement-breakpoint
CREATE INDEX "ticket_assignments_carrier_created_idx" ON "ticket_assignments" USING btree ("carrier_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_supplier_id_idx" ON "tickets" USING btree ("supplier_id","id");--> statement-breakpoint
-- The carriers that see a live ticket now: every carrier offered it (open while its offer is PENDING or
-- CONFIRMED) and the ticket's carrier once the ticket is past PENDING. A deleted ticket has none.
CREATE FUNCTION ticket_carrier_set(tid integer) RETURNS TABLE (carrier_id integer, status text, open boolean)
LANGUAGE sql AS $$
  SELECT s.carrier_id, t.status, bool_or(s.open)
  FROM tickets t
  CROSS JOIN LATERAL (
    SELECT a.carrier_id, a.status IN ('PENDING', 'CONFIRMED') AS open FROM ticket_assignments a WHERE a.ticket_id = t.id
    UNION ALL
    SELECT t.carrier_id, true WHERE t.carrier_id IS NOT NULL AND t.status <> 'PENDING'
  ) s
  WHERE t.id = tid AND t.deleted_at IS NULL
  GROUP BY s.carrier_id, t.status
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_ticket_carrier_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_carrier_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_carrier_set(tid) s WHERE s.carrier_id = v.carrier_id);
  INSERT INTO ticket_carrier_views AS v (carrier_id, ticket_id, status, open)
    SELECT s.carrier_id, tid, s.status, s.open FROM ticket_carrier_set(tid) s
    ON CONFLICT (carrier_id, ticket_id) DO UPDATE SET status = excluded.status, open = excluded.open
    WHERE (v.status, v.open) IS DISTINCT FROM (excluded.status, excluded.open);
END $$;
--> statement-breakpoint
CREATE FUNCTION ticket_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.supplier_id, OLD.carrier_id, OLD.deleted_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.supplier_id, NEW.carrier_id, NEW.deleted_at) THEN
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
CREATE FUNCTION ticket_views_on_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.ticket_id, OLD.carrier_id, OLD.status) IS NOT DISTINCT FROM (NEW.ticket_id, NEW.carrier_id, NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_ticket_carrier_views(OLD.ticket_id); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND (TG_OP = 'INSERT' OR NEW.ticket_id <> OLD.ticket_id) THEN
    PERFORM refresh_ticket_carrier_views(NEW.ticket_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ticket_counts_on_carrier_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.open THEN
    INSERT INTO ticket_counts (scope, party_id, status, n) VALUES ('carrier', OLD.carrier_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.open THEN
    INSERT INTO ticket_counts (scope, party_id, status, n) VALUES ('carrier', NEW.carrier_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_views AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_views_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_views AFTER INSERT OR UPDATE OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION ticket_views_on_assignment();
--> statement-breakpoint
CREATE TRIGGER ticket_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_on_carrier_view();
--> statement-breakpoint
-- Recomputes both tables from the tickets and offers in bulk (this migration, and after loads that skip
-- triggers, such as the scale bench's).
CREATE FUNCTION rebuild_ticket_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_carrier_views;
  DELETE FROM ticket_counts;
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_counts;
  INSERT INTO ticket_carrier_views (carrier_id, ticket_id, status, open)
    SELECT s.carrier_id, s.ticket_id, max(s.status), bool_or(s.open) FROM (
      SELECT a.carrier_id, t.id AS ticket_id, t.status, a.status IN ('PENDING', 'CONFIRMED') AS open
        FROM ticket_assignments a JOIN tickets t ON t.id = a.ticket_id WHERE t.deleted_at IS NULL
      UNION ALL
      SELECT t.carrier_id, t.id, t.status, true FROM tickets t
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
SELECT rebuild_ticket_views();
--> statement-breakpoint
ANALYZE ticket_carrier_views, ticket_counts;
