CREATE TABLE "carrier_offer_hours" (
	"carrier_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"offers" integer NOT NULL,
	"confirmed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_hour_counts" (
	"scope" text NOT NULL,
	"party_id" integer NOT NULL,
	"status" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "carrier_offer_days_day_idx";--> statement-breakpoint
CREATE INDEX "carrier_offer_hours_hour_idx" ON "carrier_offer_hours" USING btree ("hour","carrier_id","offers","confirmed");--> statement-breakpoint
CREATE INDEX "ticket_hour_counts_scope_idx" ON "ticket_hour_counts" USING btree ("scope","party_id","hour","status","n");--> statement-breakpoint
CREATE INDEX "carrier_offer_days_day_idx" ON "carrier_offer_days" USING btree ("day","carrier_id","offers","confirmed");--> statement-breakpoint
-- The UTC hour a time falls in (whatever the session's time zone).
CREATE FUNCTION utc_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at, 'UTC')
$$;
--> statement-breakpoint
-- A live ticket counts in the hour it was created, for everyone ('all', 0) and for its supplier; a change
-- of status, supplier, creation time or deletion moves its old contribution out and its new one in.
CREATE FUNCTION ticket_hour_counts_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.supplier_id, OLD.deleted_at, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.supplier_id, NEW.deleted_at, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n) VALUES
      ('all', 0, OLD.status, utc_hour(OLD.created_at), -1),
      ('supplier', OLD.supplier_id, OLD.status, utc_hour(OLD.created_at), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n) VALUES
      ('all', 0, NEW.status, utc_hour(NEW.created_at), 1),
      ('supplier', NEW.supplier_id, NEW.status, utc_hour(NEW.created_at), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A carrier's open view row counts in its ticket's creation hour for that carrier.
CREATE FUNCTION ticket_hour_counts_on_carrier_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.carrier_id, OLD.status, OLD.open, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.carrier_id, NEW.status, NEW.open, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.open THEN
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
      VALUES ('carrier', OLD.carrier_id, OLD.status, utc_hour(OLD.created_at), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.open THEN
    INSERT INTO ticket_hour_counts (scope, party_id, status, hour, n)
      VALUES ('carrier', NEW.carrier_id, NEW.status, utc_hour(NEW.created_at), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An offer counts in the UTC hour it was made, as confirmed while its status is CONFIRMED.
CREATE FUNCTION carrier_offer_hours_on_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.carrier_id, OLD.created_at, OLD.status = 'CONFIRMED')
      IS NOT DISTINCT FROM (NEW.carrier_id, NEW.created_at, NEW.status = 'CONFIRMED') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO carrier_offer_hours (carrier_id, hour, offers, confirmed)
      VALUES (OLD.carrier_id, utc_hour(OLD.created_at), -1, CASE WHEN OLD.status = 'CONFIRMED' THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO carrier_offer_hours (carrier_id, hour, offers, confirmed)
      VALUES (NEW.carrier_id, utc_hour(NEW.created_at), 1, CASE WHEN NEW.status = 'CONFIRMED' THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_hour_counts AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_hour_counts_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_hour_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_hour_counts_on_carrier_view();
--> statement-breakpoint
CREATE TRIGGER carrier_offer_hours AFTER INSERT OR UPDATE OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION carrier_offer_hours_on_assignment();
--> statement-breakpoint
-- Recompute the hour tables in bulk from the tickets, the carriers' open views and the offers (below for
-- existing rows, and from the rebuilds after loads that skip triggers, such as the scale bench's). Reads
-- look back 30 days at most and a daily job drops older hours, so only the last 32 days are made.
CREATE FUNCTION rebuild_ticket_hour_counts() RETURNS void LANGUAGE plpgsql AS $$
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
      WHERE open AND created_at >= now() - interval '32 days' GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE FUNCTION rebuild_carrier_offer_hours() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM carrier_offer_hours;
  INSERT INTO carrier_offer_hours (carrier_id, hour, offers, confirmed)
    SELECT carrier_id, utc_hour(created_at), count(*), count(*) FILTER (WHERE status = 'CONFIRMED')
    FROM ticket_assignments WHERE created_at >= now() - interval '32 days' GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- The carrier views' rebuild rewrites them in bulk with both count triggers off, then recounts.
CREATE OR REPLACE FUNCTION rebuild_ticket_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_counts;
  ALTER TABLE ticket_carrier_views DISABLE TRIGGER ticket_hour_counts;
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
  DELETE FROM ticket_counts;
  INSERT INTO ticket_counts (scope, party_id, status, n)
    SELECT 'all', 0, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY status
    UNION ALL
    SELECT 'supplier', supplier_id, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY supplier_id, status
    UNION ALL
    SELECT 'carrier', carrier_id, status, count(*) FROM ticket_carrier_views WHERE open GROUP BY carrier_id, status;
  PERFORM rebuild_ticket_hour_counts();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_carrier_offer_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM carrier_offer_days;
  INSERT INTO carrier_offer_days (carrier_id, day, offers, confirmed)
    SELECT carrier_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE status = 'CONFIRMED')
    FROM ticket_assignments GROUP BY 1, 2;
  PERFORM rebuild_carrier_offer_hours();
END $$;
--> statement-breakpoint
SELECT rebuild_ticket_hour_counts();
--> statement-breakpoint
SELECT rebuild_carrier_offer_hours();
--> statement-breakpoint
ANALYZE ticket_hour_counts, carrier_offer_hours;
