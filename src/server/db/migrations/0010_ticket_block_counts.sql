CREATE TABLE "ticket_block_counts" (
	"scope" text NOT NULL,
	"party_id" integer NOT NULL,
	"status" text NOT NULL,
	"block" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_block_counts_scope_idx" ON "ticket_block_counts" USING btree ("scope","party_id","block","status","n");--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER ticket_block_counts AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_block_counts_on_ticket();
--> statement-breakpoint
CREATE TRIGGER ticket_block_counts AFTER INSERT OR UPDATE OR DELETE ON ticket_carrier_views
  FOR EACH ROW EXECUTE FUNCTION ticket_block_counts_on_carrier_view();
--> statement-breakpoint
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
--> statement-breakpoint
-- Recomputes the blocks in bulk from the tickets and the carriers' open views (below for existing rows,
-- and from the carrier views' rebuild after loads that skip triggers, such as the scale bench's).
CREATE FUNCTION rebuild_ticket_block_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_block_counts;
  INSERT INTO ticket_block_counts (scope, party_id, status, block, n)
    SELECT 'all', 0, status, id / 1024, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY 3, 4
    UNION ALL
    SELECT 'supplier', supplier_id, status, id / 1024, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'carrier', carrier_id, status, ticket_id / 1024, count(*) FROM ticket_carrier_views
      WHERE open GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
-- The carrier views' rebuild (as migration 0008 left it) with this table's trigger off too while it
-- rewrites the views in bulk, and the blocks recounted after.
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
  DELETE FROM ticket_counts;
  INSERT INTO ticket_counts (scope, party_id, status, n)
    SELECT 'all', 0, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY status
    UNION ALL
    SELECT 'supplier', supplier_id, status, count(*) FROM tickets WHERE deleted_at IS NULL GROUP BY supplier_id, status
    UNION ALL
    SELECT 'carrier', carrier_id, status, count(*) FROM ticket_carrier_views WHERE open GROUP BY carrier_id, status;
  PERFORM rebuild_ticket_hour_counts();
  PERFORM rebuild_ticket_block_counts();
END $$;
--> statement-breakpoint
SELECT rebuild_ticket_block_counts();
--> statement-breakpoint
ANALYZE ticket_block_counts;
