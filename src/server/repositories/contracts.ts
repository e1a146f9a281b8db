/** Contracts of carriers (SQL only). Dates are calendar days, inclusive; "today" is the caller's UTC day. */
import { and, asc, desc, eq, gt, inArray, lt, lte, gte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { pageWithTotal } from './paging';
import { carriers, contracts } from '../db/schema/parties';
import { contractEnded, contractStatusOn, type ContractQuery, type ContractView } from '../../shared/schemas/contract';

const columns = {
  id: contracts.id,
  carrierId: contracts.carrierId,
  businessName: carriers.businessName,
  mode: carriers.mode,
  description: contracts.description,
  price: contracts.price,
  from: contracts.from,
  to: contracts.to,
};

interface Row {
  id: number;
  carrierId: number;
  businessName: string;
  mode: 'TRUCK' | 'RAILCAR';
  description: string;
  price: string;
  from: string;
  to: string;
}

function toView(r: Row, today: string): ContractView {
  return {
    id: r.id,
    carrier: { id: r.carrierId, businessName: r.businessName, mode: r.mode },
    description: r.description,
    price: Number(r.price),
    from: r.from,
    to: r.to,
    status: contractStatusOn(r, today),
    ended: contractEnded(r.to, today),
  };
}

export async function listContracts(db: Tx, q: ContractQuery, today: string) {
  const conditions: SQL[] = [];
  if (q.carrierId?.length) conditions.push(inArray(contracts.carrierId, q.carrierId));
  const statuses = new Set(q.contractStatus ?? []);
  if (statuses.size === 1) {
    const active = and(lte(contracts.from, today), gte(contracts.to, today))!;
    conditions.push(statuses.has('active') ? active : or(gt(contracts.from, today), lt(contracts.to, today))!);
  }
  const where = and(...conditions);
  const order = q.orderBy === 'ASC' ? asc(contracts.id) : desc(contracts.id);
  const query = db
    .select(columns)
    .from(contracts)
    .innerJoin(carriers, eq(carriers.id, contracts.carrierId))
    .where(where)
    .orderBy(order)
    .$dynamic();
  const { rows, total } = await pageWithTotal(db, query, contracts, where, q);
  return { contracts: rows.map((r) => toView(r, today)), total };
}

/** The contract `id` of carrier `carrierId`, locked for an update when `lock`; null when there is none. */
export async function findContract(db: Tx, carrierId: number, id: number, today: string, lock = false) {
  const query = db
    .select(columns)
    .from(contracts)
    .innerJoin(carriers, eq(carriers.id, contracts.carrierId))
    .where(and(eq(contracts.id, id), eq(contracts.carrierId, carrierId)));
  const [row] = lock ? await query.for('update', { of: contracts }) : await query;
  return row ? toView(row, today) : null;
}

export async function insertContract(
  db: Tx,
  values: { carrierId: number; description: string; price: string; from: string; to: string },
): Promise<number> {
  const [row] = await db.insert(contracts).values(values).returning({ id: contracts.id });
  return row!.id;
}

export async function updateContract(db: Tx, id: number, values: { description: string; price: string; to: string }) {
  await db.update(contracts).set(values).where(eq(contracts.id, id));
}

export async function carrierExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, id));
  return !!row;
}
