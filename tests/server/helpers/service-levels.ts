/**
 * The service level counted the slow, certain way, and offers dated back: for the tests of
 * GET /tickets/count/carrier, whose answer comes from maintained day and hour counts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../src/server/db/database';

export interface RecountedLevel {
  id: number;
  name: string;
  lastMonth: { total: number; confirmed: number };
  lastWeek: { total: number; confirmed: number };
}

/** Every carrier's offers of the last 30 and 7 days, and the CONFIRMED ones, counted from the offers now. */
export async function recountServiceLevels(db: Tx): Promise<RecountedLevel[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    total: number;
    confirmed: number;
    wtotal: number;
    wconfirmed: number;
  }>(
    db,
    sql`select c.id, c.business_name as name,
        count(a.id) filter (where a.created_at >= now() - interval '30 days')::int as total,
        count(a.id) filter (where a.created_at >= now() - interval '30 days' and a.status = 'CONFIRMED')::int as confirmed,
        count(a.id) filter (where a.created_at >= now() - interval '7 days')::int as wtotal,
        count(a.id) filter (where a.created_at >= now() - interval '7 days' and a.status = 'CONFIRMED')::int as wconfirmed
      from carriers c left join ticket_assignments a on a.carrier_id = c.id and a.created_at <= now()
      group by c.id order by c.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lastMonth: { total: r.total, confirmed: r.confirmed },
    lastWeek: { total: r.wtotal, confirmed: r.wconfirmed },
  }));
}

/** Adds an offer of `ticketId` to `carrierId` made `agoMs` before now; answers its id. */
export async function offerAgo(
  db: Tx,
  offer: { ticketId: number; carrierId: number; agoMs: number; status: string },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ticket_assignments (ticket_id, carrier_id, status, created_at)
      values (${offer.ticketId}, ${offer.carrierId}, ${offer.status}, now() - ${`${offer.agoMs} milliseconds`}::interval)
      returning id`,
  );
  return rows[0]!.id;
}
