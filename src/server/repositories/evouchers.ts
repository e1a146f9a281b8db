/**
 * E-vouchers: DELIVERED trips with the contract of their carrier that was active on the withdrawal date
 * (UTC day, inclusive dates, the latest-starting one if several overlap). A carrier sees its own trips
 * that have a contract; admins see every trip, those without a contract too, so they can fix them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EvoucherView } from '../../shared/schemas/evoucher';
import { queryRows, type Tx } from '../db/database';
import type { Viewer } from './ticket-scope';

export interface EvoucherFilter {
  carrierId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  offset: number;
  limit: number;
}

const isAdmin = (viewer: Viewer) => viewer.roles.includes('ADMIN') || viewer.roles.includes('ADMINRO');

/** The viewer's vouchers, as a condition on the query below (`t` the ticket, `ct` the contract). */
function scope(viewer: Viewer): SQL {
  if (isAdmin(viewer)) return sql`true`;
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null) {
    return sql`(t.carrier_id = ${viewer.carrierId} and ct.id is not null)`;
  }
  return sql`false`;
}

const FROM = sql`
  from tickets t
    join carriers c on c.id = t.carrier_id
    join suppliers s on s.id = t.supplier_id
    join depots od on od.id = t.origin_depot_id
    left join shipping_documents sd on sd.ticket_id = t.id
    left join destinations dst on dst.id = coalesce(sd.destination_id, t.destination_id)
    left join lateral (
      select a.at from audit_log a
      where a.entity = 'ticket' and a.entity_id = t.id::text and a.to_status = 'DELIVERED'
      order by a.id desc limit 1
    ) dl on true
    left join lateral (
      select k.id, k.description, k.price, k."from", k."to" from contracts k
      where k.carrier_id = t.carrier_id
        and coalesce((t.withdrawal_date at time zone 'UTC')::date, (coalesce(dl.at, t.updated_at) at time zone 'UTC')::date)
          between k."from" and k."to"
      order by k."from" desc, k.id desc limit 1
    ) ct on true`;

const DELIVERED_AT = sql`coalesce(dl.at, t.updated_at)`;

function conditions(viewer: Viewer, f: Partial<EvoucherFilter> & { ticketId?: number }): SQL {
  const parts: SQL[] = [sql`t.status = 'DELIVERED'`, sql`t.deleted_at is null`, scope(viewer)];
  if (f.ticketId !== undefined) parts.push(sql`t.id = ${f.ticketId}`);
  if (f.carrierId !== undefined) parts.push(sql`t.carrier_id = ${f.carrierId}`);
  if (f.from) parts.push(sql`${DELIVERED_AT} >= ${f.from}::date::timestamp at time zone 'UTC'`);
  if (f.to) parts.push(sql`${DELIVERED_AT} < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

interface Row {
  ticketId: number;
  deliveredAt: string;
  withdrawalDate: string | null;
  carrierId: number;
  carrierName: string;
  carrierMode: 'TRUCK' | 'RAILCAR';
  supplierId: number;
  supplierName: string;
  originId: number;
  originName: string;
  originCity: string;
  destinationId: number | null;
  destinationName: string | null;
  equipment: string | null;
  netWeight: string | null;
  contractId: number | null;
  contractDescription: string | null;
  contractPrice: string | null;
  contractFrom: string | null;
  contractTo: string | null;
}

const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql`
  select t.id as "ticketId", ${iso(DELIVERED_AT)} as "deliveredAt", ${iso(sql`t.withdrawal_date`)} as "withdrawalDate",
    c.id as "carrierId", c.business_name as "carrierName", c.mode as "carrierMode",
    s.id as "supplierId", s.business_name as "supplierName",
    od.id as "originId", od.name as "originName", od.city as "originCity",
    dst.id as "destinationId", dst.name as "destinationName",
    sd.car_equipment as equipment, (sd.gross_weight - sd.tare_weight)::numeric(12,2)::text as "netWeight",
    ct.id as "contractId", ct.description as "contractDescription", ct.price::numeric(14,2)::text as "contractPrice",
    ct."from"::text as "contractFrom", ct."to"::text as "contractTo"`;

function toView(r: Row): EvoucherView {
  return {
    ticketId: r.ticketId,
    deliveredAt: r.deliveredAt,
    withdrawalDate: r.withdrawalDate,
    carrier: { id: r.carrierId, businessName: r.carrierName, mode: r.carrierMode },
    supplier: { id: r.supplierId, businessName: r.supplierName },
    origin: { id: r.originId, name: r.originName, city: r.originCity },
    destination: r.destinationId !== null ? { id: r.destinationId, name: r.destinationName ?? '' } : null,
    equipment: r.equipment,
    netWeight: r.netWeight,
    contract:
      r.contractId !== null
        ? {
            id: r.contractId,
            description: r.contractDescription ?? '',
            price: r.contractPrice ?? '0.00',
            from: r.contractFrom ?? '',
            to: r.contractTo ?? '',
          }
        : null,
    amount: r.contractPrice,
  };
}

export async function listEvouchers(
  db: Tx,
  viewer: Viewer,
  f: EvoucherFilter,
): Promise<{ evouchers: EvoucherView[]; count: number }> {
  const where = conditions(viewer, f);
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT} ${FROM} where ${where}
    order by ${DELIVERED_AT} desc, t.id desc limit ${f.limit} offset ${f.offset}`,
  );
  const counted = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`);
  return { evouchers: rows.map(toView), count: counted[0]?.n ?? 0 };
}

export async function findEvoucher(db: Tx, viewer: Viewer, ticketId: number): Promise<EvoucherView | undefined> {
  const rows = await queryRows<Row>(db, sql`${SELECT} ${FROM} where ${conditions(viewer, { ticketId })}`);
  return rows[0] ? toView(rows[0]) : undefined;
}
