/** A carrier's equipment register (SQL only). Every read and write is scoped to the carrier given. */
import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { contains, pageWithTotal } from './paging';
import { vehicles } from '../db/schema/fleet';
import { carriers } from '../db/schema/parties';
import { tickets } from '../db/schema/tickets';
import type { VehicleQuery, VehicleView } from '../../shared/schemas/vehicle';

const columns = {
  id: vehicles.id,
  carrierId: vehicles.carrierId,
  kind: carriers.mode,
  equipmentId: vehicles.equipmentId,
  plate: vehicles.plate,
  description: vehicles.description,
  capacityLbs: vehicles.capacityLbs,
  active: vehicles.active,
};

type Row = Omit<VehicleView, 'capacityLbs'> & { capacityLbs: string };
const view = (r: Row): VehicleView => ({ ...r, capacityLbs: Number(r.capacityLbs) });

const select = (db: Tx) => db.select(columns).from(vehicles).innerJoin(carriers, eq(carriers.id, vehicles.carrierId));

export async function listVehicles(db: Tx, carrierId: number, q: VehicleQuery) {
  const conditions: SQL[] = [eq(vehicles.carrierId, carrierId)];
  if (q.equipmentId) conditions.push(ilike(vehicles.equipmentId, contains(q.equipmentId)));
  if (q.active) conditions.push(eq(vehicles.active, q.active === 'true'));
  const where = and(...conditions);
  const query = select(db).where(where).orderBy(asc(vehicles.equipmentId), asc(vehicles.id)).$dynamic();
  const { rows, total } = await pageWithTotal(db, query, vehicles, where, q);
  return { vehicles: rows.map(view), count: total };
}

export async function findVehicle(db: Tx, carrierId: number, id: number): Promise<VehicleView | null> {
  const [row] = await select(db).where(and(eq(vehicles.id, id), eq(vehicles.carrierId, carrierId)));
  return row ? view(row) : null;
}

interface VehicleValues {
  equipmentId: string;
  plate: string | null;
  description: string | null;
  capacityLbs: string;
  active: boolean;
}

export async function insertVehicle(db: Tx, carrierId: number, values: VehicleValues): Promise<number> {
  const [row] = await db
    .insert(vehicles)
    .values({ carrierId, ...values })
    .returning({ id: vehicles.id });
  return row!.id;
}

/** Updates the carrier's vehicle; false when it is not the carrier's. */
export async function updateVehicle(db: Tx, carrierId: number, id: number, values: VehicleValues, now: Date) {
  const rows = await db
    .update(vehicles)
    .set({ ...values, updatedAt: now })
    .where(and(eq(vehicles.id, id), eq(vehicles.carrierId, carrierId)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

/** Active equipment ids of the carrier currently on ticket `ticketId`. */
export async function activeEquipmentOfTicketCarrier(db: Tx, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ equipmentId: vehicles.equipmentId })
    .from(tickets)
    .innerJoin(vehicles, and(eq(vehicles.carrierId, tickets.carrierId), eq(vehicles.active, true)))
    .where(eq(tickets.id, ticketId))
    .orderBy(asc(sql`upper(${vehicles.equipmentId})`));
  return rows.map((r) => r.equipmentId);
}
