-- Each offer's answer time (issue 27 item 5): the offer history showed every answer at the time the
-- offer was made. ticket_assignments.responded_at is written by every answer and close (accept,
-- decline, pass, expiry, reassignment, delete); the view now shows it as `respondedAt` (null while the
-- offer waits), and the stored views follow a change of it.
CREATE OR REPLACE VIEW ticket_offer_views AS
SELECT a.id, a.ticket_id, a.carrier_id, json_build_object(
    'id', a.id,
    'status', json_build_object('name', a.status),
    'carrier', (SELECT json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)
      FROM carriers c WHERE c.id = a.carrier_id),
    'reason', a.reason,
    'manual', a.manual,
    'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'respondedAt', to_char(a.responded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS view
FROM ticket_assignments a;
--> statement-breakpoint
DROP TRIGGER ticket_view_parts_update ON ticket_assignments;
--> statement-breakpoint
CREATE TRIGGER ticket_view_parts_update AFTER UPDATE ON ticket_assignments FOR EACH ROW
  WHEN ((OLD.ticket_id, OLD.carrier_id, OLD.status, OLD.reason, OLD.manual, OLD.created_at, OLD.responded_at)
    IS DISTINCT FROM (NEW.ticket_id, NEW.carrier_id, NEW.status, NEW.reason, NEW.manual, NEW.created_at,
      NEW.responded_at))
  EXECUTE FUNCTION ticket_view_parts_on_ticket_row();
--> statement-breakpoint
-- Answered offers written without an answer time (loads and imports that set the status alone): the
-- time of the audit row of the answer or close that names the offer (the latest, so a confirmed offer
-- declined later takes the decline), else the time the next offer of the ticket was made (an offer is
-- closed before the next one opens), else the ticket's removal. Left empty when nothing says when: the
-- history then shows no answer time rather than a guessed one.
UPDATE ticket_assignments a SET responded_at = coalesce(
    (SELECT max(l.at) FROM audit_log l
      WHERE l.entity = 'ticket' AND l.entity_id = a.ticket_id::text
        AND l.action IN ('confirm', 'decline', 'pass', 'expire-offer', 'manual')
        AND a.id::text IN (l.data->>'assignmentId', l.data->>'closedAssignmentId')),
    (SELECT min(n.created_at) FROM ticket_assignments n WHERE n.ticket_id = a.ticket_id AND n.id > a.id),
    (SELECT t.deleted_at FROM tickets t WHERE t.id = a.ticket_id))
  WHERE a.status <> 'PENDING' AND a.responded_at IS NULL;
--> statement-breakpoint
-- The stored offers of every ticket, as ticket_view_parts_live computes them.
UPDATE ticket_view_parts p SET offers = coalesce(
    (SELECT json_agg(o.view ORDER BY o.id) FROM ticket_offer_views o WHERE o.ticket_id = p.ticket_id), '[]'::json)::text;
