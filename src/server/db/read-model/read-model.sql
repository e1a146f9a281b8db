-- The read model's SQL: every function, trigger and view of the database, in their current definition,
-- here and nowhere else. The tables they keep (ticket_view_parts, ticket_carrier_views,
-- ticket_customs_views, the count tables) are drizzle's, in db/schema/tickets.ts; README.md beside this
-- file says which table feeds which.
--
-- How it is applied (read-model.ts): after the migrations, whenever this text (as rendered) differs from
-- the one last applied, every function, view and trigger in the public schema is dropped and this file
-- is run, in one transaction under the migrations' lock. So a definition edited here is the live one on
-- the next start, and one removed here is gone: none lives on from an older migration. Migrations add
-- and change tables only (a test refuses one that defines a function, trigger or view).
--
-- `:customs_visible_statuses` is rendered from CUSTOMS_VISIBLE_STATUSES (shared/domain), the statuses in
-- which customs see a ticket: the one definition of that rule for the SQL and the TypeScript.
--
-- Statements run under READ COMMITTED in the writing transaction; the comments of each say why its
-- locks are taken where they are.

-- The UTC hour a time falls in (whatever the session's time zone).
CREATE FUNCTION utc_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at, 'UTC')
$$;

-- Whether customs see a ticket in this state: live, in a status customs review. The one place the SQL
-- names those statuses (the app's CUSTOMS_VISIBLE_STATUSES; a test flips a ticket through every status
-- and compares the two). Simple enough for PostgreSQL to write it into the statements that call it.
CREATE FUNCTION customs_see(status text, deleted_at timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT deleted_at IS NULL AND status IN (:customs_visible_statuses)
$$;

-- The carriers that see a live ticket now: every carrier offered it (open while its offer is PENDING or
-- CONFIRMED) and the ticket's carrier once the ticket is past PENDING. A deleted ticket has none.
-- STABLE (it only reads), so PostgreSQL writes its query into the statements that call it instead of
-- running it as a function apart: the two updates of an accept spent 1.57 ms in triggers, 1.14 ms so.
CREATE FUNCTION ticket_carrier_set(tid integer)
  RETURNS TABLE (carrier_id integer, status text, open boolean, created_at timestamptz)
LANGUAGE sql STABLE AS $$
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

CREATE FUNCTION refresh_ticket_carrier_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_carrier_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_carrier_set(tid) s WHERE s.carrier_id = v.carrier_id);
  INSERT INTO ticket_carrier_views AS v (carrier_id, ticket_id, status, open, created_at)
    SELECT s.carrier_id, tid, s.status, s.open, s.created_at FROM ticket_carrier_set(tid) s
    ON CONFLICT (carrier_id, ticket_id) DO UPDATE
      SET status = excluded.status, open = excluded.open, created_at = excluded.created_at
    WHERE (v.status, v.open, v.created_at) IS DISTINCT FROM (excluded.status, excluded.open, excluded.created_at);
END $$;

-- A ticket whose creation time is corrected refreshes its carriers' rows as a status change does.
CREATE FUNCTION ticket_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- Which carriers see the ticket, and whether open, changes only with its carrier, its deletion, or its
  -- leaving or entering PENDING (its carrier counts once it is past PENDING). Even that last move changes
  -- nothing while the carrier has an open offer of the ticket, as it has when it accepts: the carrier is
  -- then in the set, open, either way. Otherwise the rows only take the ticket's new status and time.
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id AND OLD.carrier_id IS NOT DISTINCT FROM NEW.carrier_id
      AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL)
      AND ((OLD.status = 'PENDING') = (NEW.status = 'PENDING') OR NEW.carrier_id IS NULL
        OR EXISTS (SELECT 1 FROM ticket_assignments a WHERE a.ticket_id = NEW.id AND a.carrier_id = NEW.carrier_id
          AND a.status IN ('PENDING', 'CONFIRMED'))) THEN
    UPDATE ticket_carrier_views v SET status = NEW.status, created_at = NEW.created_at
      WHERE v.ticket_id = NEW.id AND (v.status, v.created_at) IS DISTINCT FROM (NEW.status, NEW.created_at);
  ELSE
    PERFORM refresh_ticket_carrier_views(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  END IF;
  RETURN NULL;
END $$;

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

CREATE TRIGGER ticket_views AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_views_on_ticket();

-- An offer's row counts for the views by its ticket, its carrier and whether it is open (PENDING or
-- CONFIRMED), nothing else: an update that changes none of them (an accept, PENDING to CONFIRMED; a reason
-- or an answer's time) does not call the function at all.
CREATE TRIGGER ticket_views AFTER INSERT OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION ticket_views_on_assignment();

CREATE TRIGGER ticket_views_update AFTER UPDATE ON ticket_assignments FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.carrier_id, OLD.status IN ('PENDING', 'CONFIRMED'))
    IS DISTINCT FROM (NEW.ticket_id, NEW.carrier_id, NEW.status IN ('PENDING', 'CONFIRMED')))
  EXECUTE FUNCTION ticket_views_on_assignment();

CREATE TRIGGER ticket_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_on_carrier_view();

-- The views' rebuild (as migration 0010 left it) rewrites the agents' views too and counts them.
CREATE FUNCTION rebuild_ticket_views() RETURNS void LANGUAGE plpgsql AS $$
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
    SELECT 'customs', customs_agent_id, status, count(*) FROM ticket_customs_views GROUP BY customs_agent_id, status
    UNION ALL
    SELECT 'customs_unread', customs_agent_id, status, count(*) FROM ticket_customs_views WHERE NOT read
      GROUP BY customs_agent_id, status
    UNION ALL
    SELECT 'unpaid', 0, t.status, count(*) FROM tickets t
      WHERE t.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM provider_invoices pi WHERE pi.ticket_id = t.id AND pi.payment_date IS NULL)
      GROUP BY t.status;
  PERFORM rebuild_ticket_hour_counts();
  PERFORM rebuild_ticket_block_counts();
END $$;

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

CREATE TRIGGER carrier_offer_days AFTER INSERT OR UPDATE OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION carrier_offer_days_on_assignment();

CREATE FUNCTION rebuild_carrier_offer_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM carrier_offer_days;
  INSERT INTO carrier_offer_days (carrier_id, day, offers, confirmed)
    SELECT carrier_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE status = 'CONFIRMED')
    FROM ticket_assignments GROUP BY 1, 2;
  PERFORM rebuild_carrier_offer_hours();
END $$;

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

CREATE TRIGGER ticket_hour_counts AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_hour_counts_on_ticket();

CREATE TRIGGER ticket_hour_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_hour_counts_on_carrier_view();

CREATE TRIGGER carrier_offer_hours AFTER INSERT OR UPDATE OR DELETE ON ticket_assignments
  FOR EACH ROW EXECUTE FUNCTION carrier_offer_hours_on_assignment();

-- The hour and block rebuilds (as migrations 0008 and 0010 left them) with the agents' rows too.
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
      WHERE open AND created_at >= now() - interval '32 days' GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'customs', customs_agent_id, status, utc_hour(created_at), count(*) FROM ticket_customs_views
      WHERE created_at >= now() - interval '32 days' GROUP BY 2, 3, 4;
END $$;

CREATE FUNCTION rebuild_carrier_offer_hours() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM carrier_offer_hours;
  INSERT INTO carrier_offer_hours (carrier_id, hour, offers, confirmed)
    SELECT carrier_id, utc_hour(created_at), count(*), count(*) FILTER (WHERE status = 'CONFIRMED')
    FROM ticket_assignments WHERE created_at >= now() - interval '32 days' GROUP BY 1, 2;
END $$;

-- ## Ticket views
--
-- A ticket's view (TicketView) is read in three parts, so that no write has to rewrite other tickets:
-- - the ticket's own fields, its documentation summary and provider invoice: kept per ticket as JSON
--   text in ticket_view_parts (head and tail), written in the transaction of any write to those rows;
-- - the supplier, carrier, yard and destination it names: party_views, one row per party, joined by key
--   when a page is read. A rename rewrites that party's one row;
-- - its offers: read from ticket_assignments, with each offer's carrier from party_views.
-- The read (repositories/ticket-views.ts) joins them. Times read as Date.toISOString writes them (UTC,
-- milliseconds, the microseconds cut), dates as YYYY-MM-DD. head and tail are JSON objects' members
-- without their braces.

-- The version of what ticket_view_parts holds. Raise it with any change to ticket_view_parts_live: a
-- stored row of another version is not read (the read computes that ticket's parts from its rows
-- instead), and the refresh-ticket-views job rewrites such rows in batches in the background. So a new
-- field needs no rewrite of every ticket before the server can start.
CREATE FUNCTION ticket_view_version() RETURNS smallint LANGUAGE sql IMMUTABLE AS $$ SELECT 3::smallint $$;

-- Each party's object as a view shows it, by kind ('supplier', 'carrier', 'depot', 'destination').
CREATE VIEW party_views_live AS
SELECT 'supplier'::text AS kind, s.id, json_build_object('id', s.id, 'businessName', s.business_name)::text AS json
  FROM suppliers s
UNION ALL
SELECT 'carrier', c.id, json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)::text
  FROM carriers c
UNION ALL
SELECT 'depot', o.id, json_build_object('id', o.id, 'name', o.name, 'address', o.address, 'city', o.city,
    'location', json_build_object('type', 'Point', 'coordinates', json_build_array(o.longitude, o.latitude)),
    'borderCrossingId', o.border_crossing_id)::text
  FROM depots o
UNION ALL
SELECT 'destination', d.id, json_build_object('id', d.id, 'name', d.name)::text FROM destinations d;

-- A party written: its one row of party_views (the kind is the table's).
CREATE FUNCTION party_views_on_party() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := CASE TG_TABLE_NAME WHEN 'suppliers' THEN 'supplier' WHEN 'carriers' THEN 'carrier'
    WHEN 'depots' THEN 'depot' ELSE 'destination' END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM party_views WHERE kind = k AND id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN
    DELETE FROM party_views WHERE kind = k AND id = OLD.id;
  END IF;
  INSERT INTO party_views AS v (kind, id, json)
    SELECT l.kind, l.id, l.json FROM party_views_live l WHERE l.kind = k AND l.id = NEW.id
    ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json WHERE v.json IS DISTINCT FROM excluded.json;
  RETURN NULL;
END $$;

CREATE TRIGGER party_views AFTER INSERT OR UPDATE OR DELETE ON suppliers
  FOR EACH ROW EXECUTE FUNCTION party_views_on_party();

CREATE TRIGGER party_views AFTER INSERT OR UPDATE OR DELETE ON carriers
  FOR EACH ROW EXECUTE FUNCTION party_views_on_party();

CREATE TRIGGER party_views AFTER INSERT OR UPDATE OR DELETE ON depots
  FOR EACH ROW EXECUTE FUNCTION party_views_on_party();

CREATE TRIGGER party_views AFTER INSERT OR UPDATE OR DELETE ON destinations
  FOR EACH ROW EXECUTE FUNCTION party_views_on_party();

-- Every offer as a view's ticketAssignments shows it, without its carrier and its closing brace: the read
-- appends `"carrier" : <the carrier's party_views object>}` (a plain view: the planner reads it as the
-- query it names, for one ticket's offers). respondedAt is null while the offer waits.
CREATE VIEW ticket_offer_views AS
SELECT a.id, a.ticket_id, a.carrier_id,
  left(json_build_object(
    'id', a.id,
    'status', json_build_object('name', a.status),
    'reason', a.reason,
    'manual', a.manual,
    'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'respondedAt', to_char(a.responded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, -1) AS head
FROM ticket_assignments a;

-- Each ticket's stored parts as computed from its rows: the definition ticket_view_parts keeps.
CREATE VIEW ticket_view_parts_live AS
SELECT t.id AS ticket_id, ticket_view_version() AS version, t.supplier_id, t.carrier_id, t.origin_depot_id,
  t.destination_id,
  substr(h.j, 2, length(h.j) - 2) AS head,
  substr(tl.j, 2, length(tl.j) - 2) AS tail
FROM tickets t
LEFT JOIN shipping_documents sd ON sd.ticket_id = t.id
LEFT JOIN provider_invoices pi ON pi.ticket_id = t.id
CROSS JOIN LATERAL (SELECT json_build_object(
    'id', t.id,
    'createAt', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', json_build_object('name', t.status))::text AS j) h
CROSS JOIN LATERAL (SELECT json_build_object(
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
    'destinationNetWeight', t.destination_net_weight,
    'rpa', CASE WHEN pi.rpa_id IS NOT NULL THEN json_build_object('id', pi.rpa_id) END)::text AS j) tl;

-- Writes the stored parts of the tickets `ids` from their rows (a ticket gone has its row removed by the
-- foreign key's cascade). The rows are locked first and computed in a later statement: under READ
-- COMMITTED each statement of a function reads the data committed when it starts, so once this
-- transaction holds the locks it sees every write of a transaction that refreshed the same tickets
-- before it, and one that refreshes them later waits for it and then sees its writes. Computed in the
-- statement that waits for the lock, the parts would be those of before the other transaction's commit.
--
-- Planned once for any ids (plan_cache_mode): PostgreSQL's own choice planned the insert anew for each
-- call, since a plan for an unknown array is estimated dearer than one for a one-element array, and
-- planning that view cost three times running it (0.76 ms a call against 0.24 ms at 100,000 tickets,
-- half the triggers' cost of an accept).
CREATE FUNCTION refresh_ticket_view_parts(ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM 1 FROM ticket_view_parts p WHERE p.ticket_id = ANY(ids) ORDER BY p.ticket_id FOR UPDATE;
  INSERT INTO ticket_view_parts AS p (ticket_id, version, supplier_id, carrier_id, origin_depot_id, destination_id, head, tail)
    SELECT l.ticket_id, l.version, l.supplier_id, l.carrier_id, l.origin_depot_id, l.destination_id, l.head, l.tail
    FROM ticket_view_parts_live l WHERE l.ticket_id = ANY(ids)
    ON CONFLICT (ticket_id) DO UPDATE SET version = excluded.version, supplier_id = excluded.supplier_id,
      carrier_id = excluded.carrier_id, origin_depot_id = excluded.origin_depot_id,
      destination_id = excluded.destination_id, head = excluded.head, tail = excluded.tail
    WHERE (p.version, p.supplier_id, p.carrier_id, p.origin_depot_id, p.destination_id, p.head, p.tail)
      IS DISTINCT FROM (excluded.version, excluded.supplier_id, excluded.carrier_id, excluded.origin_depot_id,
        excluded.destination_id, excluded.head, excluded.tail);
END $$;

CREATE FUNCTION ticket_view_parts_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_ticket_view_parts(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

-- A documentation summary or provider invoice: the ticket it names, before and after.
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

CREATE TRIGGER ticket_view_parts_insert AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket();

-- Any change of the row, not a list of the columns the view shows: a column added to the view later
-- cannot be left out of it.
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON tickets FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION ticket_view_parts_on_ticket();

CREATE TRIGGER ticket_view_parts_write AFTER INSERT OR DELETE ON shipping_documents
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket_row();

CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON shipping_documents FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();

CREATE TRIGGER ticket_view_parts_write AFTER INSERT OR DELETE ON provider_invoices
  FOR EACH ROW EXECUTE FUNCTION ticket_view_parts_on_ticket_row();

CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON provider_invoices FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();

-- Refreshes the stored parts of the tickets with ids in (after, after + n] that are missing or of
-- another version; answers the last id looked at, or null past the last ticket. The
-- refresh-ticket-views job walks every ticket this way in short transactions.
CREATE FUNCTION refresh_stale_ticket_view_parts(after integer, n integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  last_id integer;
BEGIN
  SELECT max(t.id) INTO last_id FROM (SELECT id FROM tickets WHERE id > after ORDER BY id LIMIT n) t;
  IF last_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_ticket_view_parts(ARRAY(
    SELECT t.id FROM tickets t LEFT JOIN ticket_view_parts p ON p.ticket_id = t.id
    WHERE t.id > after AND t.id <= last_id AND p.version IS DISTINCT FROM ticket_view_version()));
  RETURN last_id;
END $$;

-- Recomputes every ticket's parts and every party's object in bulk (after loads that skip triggers,
-- such as the scale bench's), with no other writes running.
CREATE FUNCTION rebuild_ticket_view_parts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM party_views;
  INSERT INTO party_views (kind, id, json) SELECT kind, id, json FROM party_views_live;
  DELETE FROM ticket_view_parts;
  INSERT INTO ticket_view_parts (ticket_id, version, supplier_id, carrier_id, origin_depot_id, destination_id, head, tail)
    SELECT l.ticket_id, l.version, l.supplier_id, l.carrier_id, l.origin_depot_id, l.destination_id, l.head, l.tail
    FROM ticket_view_parts_live l;
END $$;

-- A live ticket counts in its block of 1024 ids, for everyone ('all', 0) and for its supplier; a change of
-- status, supplier or deletion moves its old contribution out and its new one in.
CREATE FUNCTION ticket_block_counts_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.id, OLD.status, OLD.supplier_id, OLD.deleted_at)
      IS NOT DISTINCT FROM (NEW.id, NEW.status, NEW.supplier_id, NEW.deleted_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n) VALUES
      ('all', 0, OLD.status, OLD.id / 1024, -1),
      ('supplier', OLD.supplier_id, OLD.status, OLD.id / 1024, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n) VALUES
      ('all', 0, NEW.status, NEW.id / 1024, 1),
      ('supplier', NEW.supplier_id, NEW.status, NEW.id / 1024, 1);
  END IF;
  RETURN NULL;
END $$;

-- A carrier's open view row counts in its ticket's block for that carrier.
CREATE FUNCTION ticket_block_counts_on_carrier_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.carrier_id, OLD.ticket_id, OLD.status, OLD.open)
      IS NOT DISTINCT FROM (NEW.carrier_id, NEW.ticket_id, NEW.status, NEW.open) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.open THEN
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
      VALUES ('carrier', OLD.carrier_id, OLD.status, OLD.ticket_id / 1024, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.open THEN
    INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
      VALUES ('carrier', NEW.carrier_id, NEW.status, NEW.ticket_id / 1024, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ticket_block_counts AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_block_counts_on_ticket();

CREATE TRIGGER ticket_block_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_block_counts_on_carrier_view();

-- The block a home page's offset falls in: a scope's blocks are summed (for the asked statuses) in list
-- order, newest first or oldest first, until the tickets counted pass the offset. Returns that block
-- (null past the end), the tickets before it, and the rows read beyond one per block and status (+1/-1
-- rows piled up since the last fold). The loop stops at that block, reading a few dozen rows for page
-- 1000; planned as a set query, PostgreSQL read and sorted every block of the scope instead, since it
-- cannot see the stop, so the plan is pinned to the index's order here.
CREATE FUNCTION ticket_page_start(p_scope text, p_party integer, p_statuses text[], p_offset integer,
  p_descending boolean, OUT block integer, OUT before integer, OUT extra integer)
LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET enable_sort = off SET enable_hashagg = off AS $$
DECLARE
  r record;
BEGIN
  before := 0;
  extra := 0;
  IF p_descending THEN
    FOR r IN SELECT c.block AS b, sum(c.n)::int AS n, (count(*) - count(DISTINCT c.status))::int AS piled
        FROM ticket_block_counts c
        WHERE c.scope = p_scope AND c.party_id = p_party AND c.status = ANY(p_statuses)
        GROUP BY c.block ORDER BY c.block DESC LOOP
      extra := extra + r.piled;
      IF before + r.n > p_offset THEN block := r.b; RETURN; END IF;
      before := before + r.n;
    END LOOP;
  ELSE
    FOR r IN SELECT c.block AS b, sum(c.n)::int AS n, (count(*) - count(DISTINCT c.status))::int AS piled
        FROM ticket_block_counts c
        WHERE c.scope = p_scope AND c.party_id = p_party AND c.status = ANY(p_statuses)
        GROUP BY c.block ORDER BY c.block LOOP
      extra := extra + r.piled;
      IF before + r.n > p_offset THEN block := r.b; RETURN; END IF;
      before := before + r.n;
    END LOOP;
  END IF;
END $$;

CREATE FUNCTION rebuild_ticket_block_counts() RETURNS void LANGUAGE plpgsql AS $$
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

-- A ticket's customs rows copy its read flag too (as migration 0011 left the view, with `read` added at
-- the end), so an agent's unread tickets are listed and counted from their own partial index.
CREATE VIEW ticket_customs_live AS
  SELECT bc.customs_agent_id, t.id AS ticket_id, t.status, t.created_at, t.customs_read AS read
  FROM tickets t
  JOIN provider_invoices pi ON pi.ticket_id = t.id
  JOIN border_crossings bc ON bc.id = pi.border_crossing_id
  WHERE customs_see(t.status, t.deleted_at) AND bc.customs_agent_id IS NOT NULL;

CREATE FUNCTION write_ticket_customs_views(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_customs_views v WHERE v.ticket_id = tid
    AND NOT EXISTS (SELECT 1 FROM ticket_customs_live l WHERE l.ticket_id = tid AND l.customs_agent_id = v.customs_agent_id);
  INSERT INTO ticket_customs_views AS v (customs_agent_id, ticket_id, status, created_at, read)
    SELECT l.customs_agent_id, l.ticket_id, l.status, l.created_at, l.read FROM ticket_customs_live l WHERE l.ticket_id = tid
    ON CONFLICT (customs_agent_id, ticket_id) DO UPDATE
      SET status = excluded.status, created_at = excluded.created_at, read = excluded.read
    WHERE (v.status, v.created_at, v.read) IS DISTINCT FROM (excluded.status, excluded.created_at, excluded.read);
END $$;

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

-- As migration 0011 left it, with the read flag among the columns whose change refreshes the rows: a
-- flag changed while customs see the ticket reaches the agent's row in the same transaction.
CREATE FUNCTION ticket_customs_views_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- An agent's row counts for that agent ('customs') per status, per creation hour and per block of ids;
-- while the agent has not read it, also among the agent's unread ones ('customs_unread', per status), so
-- the unread documentation's count is a sum of a few rows, not a count of every unread ticket.
CREATE FUNCTION ticket_counts_on_customs_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR (OLD.customs_agent_id, OLD.status, OLD.read)
      IS DISTINCT FROM (NEW.customs_agent_id, NEW.status, NEW.read) THEN
    IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.read THEN
      INSERT INTO ticket_counts (scope, party_id, status, n)
        VALUES ('customs_unread', OLD.customs_agent_id, OLD.status, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW.read THEN
      INSERT INTO ticket_counts (scope, party_id, status, n)
        VALUES ('customs_unread', NEW.customs_agent_id, NEW.status, 1);
    END IF;
  END IF;
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

CREATE TRIGGER ticket_customs_views AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_ticket();

CREATE TRIGGER ticket_customs_views AFTER INSERT OR UPDATE OR DELETE ON provider_invoices
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_invoice();

CREATE TRIGGER ticket_customs_views AFTER UPDATE ON border_crossings
  FOR EACH ROW EXECUTE FUNCTION ticket_customs_views_on_crossing();

CREATE TRIGGER ticket_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_customs_views
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_on_customs_view();

CREATE FUNCTION rebuild_ticket_customs_views() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE ticket_customs_views DISABLE TRIGGER ticket_counts;
  DELETE FROM ticket_customs_views;
  INSERT INTO ticket_customs_views (customs_agent_id, ticket_id, status, created_at, read)
    SELECT customs_agent_id, ticket_id, status, created_at, read FROM ticket_customs_live;
  ALTER TABLE ticket_customs_views ENABLE TRIGGER ticket_counts;
END $$;

-- party_views follows this file: a party's object as defined above is written for every party each time
-- the file is applied (a few hundred rows at most).
DELETE FROM party_views;
INSERT INTO party_views (kind, id, json) SELECT kind, id, json FROM party_views_live;

-- The admin's unpaid tile: live tickets per status whose provider invoice has no payment yet ('unpaid',
-- party 0), so its count is a sum of a few rows, not a count of every unpaid invoice (399× hello-world
-- at a million tickets). A ticket has at most one invoice, and one with an invoice cannot be deleted
-- outright (no cascade), so an invoice's write and a ticket's change of status or deletion are all the
-- moves. The invoice's side locks its ticket's row as the customs refresh does: a status change and an
-- invoice written at once are then counted in one order, each reading what the other wrote.
CREATE FUNCTION ticket_counts_unpaid_on_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.payment_date IS NULL THEN
    INSERT INTO ticket_counts (scope, party_id, status, n)
      SELECT 'unpaid', 0, t.status, -1 FROM tickets t WHERE t.id = OLD.ticket_id AND t.deleted_at IS NULL
      FOR NO KEY UPDATE OF t;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.payment_date IS NULL THEN
    INSERT INTO ticket_counts (scope, party_id, status, n)
      SELECT 'unpaid', 0, t.status, 1 FROM tickets t WHERE t.id = NEW.ticket_id AND t.deleted_at IS NULL
      FOR NO KEY UPDATE OF t;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ticket_counts_unpaid_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM provider_invoices pi WHERE pi.ticket_id = NEW.id AND pi.payment_date IS NULL) THEN
    INSERT INTO ticket_counts (scope, party_id, status, n)
      SELECT 'unpaid', 0, OLD.status, -1 WHERE OLD.deleted_at IS NULL
      UNION ALL
      SELECT 'unpaid', 0, NEW.status, 1 WHERE NEW.deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ticket_counts_unpaid AFTER INSERT OR DELETE ON provider_invoices
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_unpaid_on_invoice();

CREATE TRIGGER ticket_counts_unpaid_update AFTER UPDATE ON provider_invoices FOR EACH ROW
  WHEN ((OLD.payment_date IS NULL, OLD.ticket_id) IS DISTINCT FROM (NEW.payment_date IS NULL, NEW.ticket_id))
  EXECUTE FUNCTION ticket_counts_unpaid_on_invoice();

CREATE TRIGGER ticket_counts_unpaid AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.status, OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.status, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION ticket_counts_unpaid_on_ticket();

-- The agents' unread counts follow this file's definition of them, so they are recounted each time it is
-- applied. It is applied in one transaction that has just created the ticket_counts trigger on
-- ticket_customs_views, which holds that table against writes until the end: no write falls between.
DELETE FROM ticket_counts WHERE scope = 'customs_unread';
INSERT INTO ticket_counts (scope, party_id, status, n)
  SELECT 'customs_unread', customs_agent_id, status, count(*) FROM ticket_customs_views WHERE NOT read
    GROUP BY customs_agent_id, status;

-- The unpaid counts too, in the same transaction, which has just created their triggers on tickets and
-- provider_invoices and so holds both against writes until it ends.
DELETE FROM ticket_counts WHERE scope = 'unpaid';
INSERT INTO ticket_counts (scope, party_id, status, n)
  SELECT 'unpaid', 0, t.status, count(*) FROM tickets t
    WHERE t.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM provider_invoices pi WHERE pi.ticket_id = t.id AND pi.payment_date IS NULL)
    GROUP BY t.status;
