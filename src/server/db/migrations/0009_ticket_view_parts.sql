CREATE TABLE "ticket_view_parts" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"carrier_id" integer,
	"head" text NOT NULL,
	"carrier" text,
	"offers" text NOT NULL,
	"offer_carriers" integer[] NOT NULL,
	"tail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_view_parts" ADD CONSTRAINT "ticket_view_parts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each offer of a ticket as it appears in a view's ticketAssignments (a plain view, so the planner reads
-- it as the query it names). The stored parts use it for every offer, and a carrier's reads for its own.
CREATE VIEW ticket_offer_views AS
SELECT a.id, a.ticket_id, a.carrier_id, json_build_object(
    'id', a.id,
    'status', json_build_object('name', a.status),
    'carrier', (SELECT json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)
      FROM carriers c WHERE c.id = a.carrier_id),
    'reason', a.reason,
    'manual', a.manual,
    'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS view
FROM ticket_assignments a;
--> statement-breakpoint
-- Each ticket's view parts as computed from the rows they show: the definition ticket_view_parts keeps.
-- Times read as Date.toISOString writes them (UTC, milliseconds, the microseconds cut), dates as
-- YYYY-MM-DD. head and tail are JSON objects' members without their braces.
CREATE VIEW ticket_view_parts_live AS
SELECT t.id AS ticket_id, t.carrier_id,
  substr(h.j, 2, length(h.j) - 2) AS head,
  (SELECT json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)
    FROM carriers c WHERE c.id = t.carrier_id)::text AS carrier,
  coalesce((SELECT json_agg(o.view ORDER BY o.id) FROM ticket_offer_views o WHERE o.ticket_id = t.id), '[]'::json)::text AS offers,
  ARRAY(SELECT a.carrier_id FROM ticket_assignments a WHERE a.ticket_id = t.id ORDER BY a.id) AS offer_carriers,
  substr(tl.j, 2, length(tl.j) - 2) AS tail
FROM tickets t
LEFT JOIN shipping_documents sd ON sd.ticket_id = t.id
LEFT JOIN provider_invoices pi ON pi.ticket_id = t.id
CROSS JOIN LATERAL (SELECT json_build_object(
    'id', t.id,
    'createAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', json_build_object('name', t.status),
    'supplier', json_build_object('id', t.supplier_id,
      'businessName', (SELECT s.business_name FROM suppliers s WHERE s.id = t.supplier_id)))::text AS j) h
CROSS JOIN LATERAL (SELECT json_build_object(
    'origin', (SELECT json_build_object('id', o.id, 'name', o.name, 'address', o.address, 'city', o.city,
        'location', json_build_object('type', 'Point', 'coordinates', json_build_array(o.longitude, o.latitude)),
        'borderCrossingId', o.border_crossing_id)
      FROM depots o WHERE o.id = t.origin_depot_id),
    'destination', (SELECT json_build_object('id', d.id, 'name', d.name) FROM destinations d WHERE d.id = t.destination_id),
    'withdrawalDate', to_char(t.withdrawal_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'timezone', t.withdrawal_timezone,
    'comments', t.comments,
    'invoice', CASE WHEN pi.id IS NOT NULL THEN json_build_object('id', pi.id, 'number', pi.number, 'date', pi.date,
      'borderCrossingId', pi.border_crossing_id, 'paymentDate', pi.payment_date,
      'sapValidationStatus', pi.sap_validation_status) END,
    'truckDocumentation', CASE WHEN sd.mode = 'TRUCK' THEN
      json_build_object('id', sd.id, 'invoiceNumber', sd.invoice_number, 'carEquipment', sd.car_equipment) END,
    'railcarDocumentation', CASE WHEN sd.mode = 'RAILCAR' THEN
      json_build_object('id', sd.id, 'invoiceNumber', sd.invoice_number, 'carEquipment', sd.car_equipment) END,
    'customsRead', t.customs_read,
    'rpa', CASE WHEN pi.rpa_id IS NOT NULL THEN json_build_object('id', pi.rpa_id) END)::text AS j) tl;
--> statement-breakpoint
-- Writes the stored parts of the tickets `ids` from their rows (a ticket gone has its row removed by the
-- foreign key's cascade). The rows are locked first and computed in a later statement: under READ
-- COMMITTED each statement of a function reads the data committed when it starts, so once this
-- transaction holds the locks it sees every write of a transaction that refreshed the same tickets
-- before it, and one that refreshes them later waits for it and then sees its writes. Computed in the
-- statement that waits for the lock, the parts would be those of before the other transaction's commit.
CREATE FUNCTION refresh_ticket_view_parts(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ticket_view_parts p WHERE p.ticket_id = ANY(ids) ORDER BY p.ticket_id FOR UPDATE;
  INSERT INTO ticket_view_parts AS p (ticket_id, carrier_id, head, carrier, offers, offer_carriers, tail)
    SELECT l.ticket_id, l.carrier_id, l.head, l.carrier, l.offers, l.offer_carriers, l.tail
    FROM ticket_view_parts_live l WHERE l.ticket_id = ANY(ids)
    ON CONFLICT (ticket_id) DO UPDATE SET carrier_id = excluded.carrier_id, head = excluded.head,
      carrier = excluded.carrier, offers = excluded.offers, offer_carriers = excluded.offer_carriers, tail = excluded.tail
    WHERE (p.carrier_id, p.head, p.carrier, p.offers, p.offer_carriers, p.tail)
      IS DISTINCT FROM (excluded.carrier_id, excluded.head, excluded.carrier, excluded.offers, excluded.offer_carriers, excluded.tail);
END $$;
--> statement-breakpoint
CREATE FUNCTION ticket_view_parts_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_ticket_view_parts(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An offer, documentation summary or provider invoice: the ticket it names, before and after.
CREATE FUNCTION ticket_view_parts_on_ticket_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_ticket_view_parts(ARRAY[NEW.ticket_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_ticket_view_parts(ARRAY[OLD.ticket_id]);
  ELSE
    PERFORM refresh_ticket_view_parts(ARRAY[OLD.ticket_id, NEW.ticket_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A supplier, carrier, yard or destination whose shown fields changed: every ticket that names it. A
-- rename rewrites that many rows in its transaction (about a second for 16,000 tickets), which master
-- data edits can afford and lists read a thousand times a minute cannot.
-- The table is locked first (reads go on; other writers of views wait for this transaction, and this
-- waits for those under way). Without it, a ticket another transaction is moving onto this party at the
-- same time is missing from the tickets picked here, and that transaction writes its view with the
-- name before the rename: the view stays stale. Taking every row lock at once this way also cannot
-- deadlock with a transaction that writes several tickets' views in another order.
CREATE FUNCTION ticket_view_parts_on_party() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE ticket_view_parts IN EXCLUSIVE MODE;
  IF TG_TABLE_NAME = 'suppliers' THEN
    PERFORM refresh_ticket_view_parts(ARRAY(SELECT t.id FROM tickets t WHERE t.supplier_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'carriers' THEN
    PERFORM refresh_ticket_view_parts(ARRAY(
      SELECT t.id FROM tickets t WHERE t.carrier_id = NEW.id
      UNION SELECT a.ticket_id FROM ticket_assignments a WHERE a.carrier_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'depots' THEN
    PERFORM refresh_ticket_view_parts(ARRAY(SELECT t.id FROM tickets t WHERE t.origin_depot_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'destinations' THEN
    PERFORM refresh_ticket_view_parts(ARRAY(SELECT t.id FROM tickets t WHERE t.destination_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_insert AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.created_at, OLD.status, OLD.supplier_id, OLD.carrier_id, OLD.origin_depot_id, OLD.destination_id,
      OLD.withdrawal_date, OLD.withdrawal_timezone, OLD.comments, OLD.customs_read)
    IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.supplier_id, NEW.carrier_id, NEW.origin_depot_id,
      NEW.destination_id, NEW.withdrawal_date, NEW.withdrawal_timezone, NEW.comments, NEW.customs_read))
  EXECUTE FUNCTION ticket_view_parts_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_write AFTER INSERT OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON ticket_assignments FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.carrier_id, OLD.status, OLD.reason, OLD.manual, OLD.created_at)
    IS DISTINCT FROM (NEW.ticket_id, NEW.carrier_id, NEW.status, NEW.reason, NEW.manual, NEW.created_at))
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_write AFTER INSERT OR DELETE ON shipping_documents
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON shipping_documents FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.mode, OLD.invoice_number, OLD.car_equipment)
    IS DISTINCT FROM (NEW.ticket_id, NEW.mode, NEW.invoice_number, NEW.car_equipment))
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_write AFTER INSERT OR DELETE ON provider_invoices
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON provider_invoices FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.number, OLD.date, OLD.border_crossing_id, OLD.payment_date, OLD.sap_validation_status, OLD.rpa_id)
    IS DISTINCT FROM (NEW.ticket_id, NEW.number, NEW.date, NEW.border_crossing_id, NEW.payment_date,
      NEW.sap_validation_status, NEW.rpa_id))
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON suppliers FOR EACH ROW
  WHEN (OLD.business_name IS DISTINCT FROM NEW.business_name)
  EXECUTE FUNCTION ticket_view_parts_on_party();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON carriers FOR EACH ROW
  WHEN ((OLD.business_name, OLD.mode) IS DISTINCT FROM (NEW.business_name, NEW.mode))
  EXECUTE FUNCTION ticket_view_parts_on_party();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON depots FOR EACH ROW
  WHEN ((OLD.name, OLD.address, OLD.city, OLD.longitude, OLD.latitude, OLD.border_crossing_id)
    IS DISTINCT FROM (NEW.name, NEW.address, NEW.city, NEW.longitude, NEW.latitude, NEW.border_crossing_id))
  EXECUTE FUNCTION ticket_view_parts_on_party();
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON destinations FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION ticket_view_parts_on_party();
--> statement-breakpoint
-- Recomputes every ticket's parts in bulk (this migration, and after loads that skip triggers, such as
-- the scale bench's), with no other writes running: a ticket without stored parts is left out of lists.
CREATE FUNCTION rebuild_ticket_view_parts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_view_parts;
  INSERT INTO ticket_view_parts (ticket_id, carrier_id, head, carrier, offers, offer_carriers, tail)
    SELECT l.ticket_id, l.carrier_id, l.head, l.carrier, l.offers, l.offer_carriers, l.tail FROM ticket_view_parts_live l;
END $$;
--> statement-breakpoint
SELECT rebuild_ticket_view_parts();
--> statement-breakpoint
ANALYZE ticket_view_parts;
