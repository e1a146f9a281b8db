CREATE TABLE "carrier_offer_days" (
	"carrier_id" integer NOT NULL,
	"day" date NOT NULL,
	"offers" integer NOT NULL,
	"confirmed" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "carrier_offer_days_day_idx" ON "carrier_offer_days" USING btree ("day","carrier_id");--> statement-breakpoint
CREATE INDEX "ticket_assignments_created_idx" ON "ticket_assignments" USING btree ("created_at");--> statement-breakpoint
-- An offer counts on the UTC day it was made; it counts as confirmed while its status is CONFIRMED (an
-- offer confirmed and later declined no longer does). A change moves the offer's old contribution out
-- and its new one in.
CREATE FUNCTION carrier_offer_days_on_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.carrier_id, OLD.created_at, OLD.status = 'CONFIRMED')
      IS NOT DISTINCT FROM (NEW.carrier_id, NEW.created_at, NEW.status = 'CONFIRMED') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO carrier_offer_days (carrier_id, day, offers, confirmed)
      VALUES (OLD.carrier_id, (OLD.created_at AT TIME ZONE 'UTC')::date, -1,
        CASE WHEN OLD.status = 'CONFIRMED' THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO carrier_offer_days (carrier_id, day, offers, confirmed)
      VALUES (NEW.carrier_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1,
        CASE WHEN NEW.status = 'CONFIRMED' THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER carrier_offer_days AFTER INSERT OR UPDATE OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION carrier_offer_days_on_assignment();
--> statement-breakpoint
-- Recomputes the table from the offers in bulk (this migration, and after loads that skip triggers,
-- such as the scale bench's).
CREATE FUNCTION rebuild_carrier_offer_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM carrier_offer_days;
  INSERT INTO carrier_offer_days (carrier_id, day, offers, confirmed)
    SELECT carrier_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE status = 'CONFIRMED')
    FROM ticket_assignments GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT rebuild_carrier_offer_days();
--> statement-breakpoint
ANALYZE carrier_offer_days;
