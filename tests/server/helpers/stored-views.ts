/**
 * The stored ticket views that differ from those computed from their rows, or exist on one side only:
 * each stale ticket's id, and -1 for each stale party object. Empty after any write when the triggers
 * keep the stored views (db/read-model/read-model.sql).
 */
export const STALE_VIEWS = `
  select coalesce(l.ticket_id, p.ticket_id) as ticket_id
  from ticket_view_parts_live l full join ticket_view_parts p on p.ticket_id = l.ticket_id
  where (l.ticket_id, l.version, l.supplier_id, l.carrier_id, l.origin_depot_id, l.destination_id, l.head, l.tail)
    is distinct from (p.ticket_id, p.version, p.supplier_id, p.carrier_id, p.origin_depot_id, p.destination_id, p.head, p.tail)
  union all
  select -1 from party_views_live l full join party_views p on p.kind = l.kind and p.id = l.id
  where (l.kind, l.id, l.json) is distinct from (p.kind, p.id, p.json)
  order by 1`;
