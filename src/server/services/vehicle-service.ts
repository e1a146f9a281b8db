/**
 * The carrier's equipment register. A carrier reads and writes only its own vehicles (another carrier's
 * id answers 404); an equipment id already registered for the carrier, in any case, answers 409.
 */
import { ERROR_CODES } from '../../shared/errors';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { AuthUser } from '../plugins/auth';
import { writeEntityAudit } from '../repositories/audit';
import { uniqueViolation } from '../repositories/documentation';
import { findVehicle, insertVehicle, updateVehicle } from '../repositories/vehicles';
import { BACK_OFFICE_MSG as M } from '../../shared/schemas/back-office-messages';
import type { VehicleInput, VehicleView } from '../../shared/schemas/vehicle';
import { fromCents, toCents } from '../../shared/domain/money';

function carrierOf(auth: AuthUser): number {
  // A CARRIER user without a carrier sees nothing of its own.
  if (auth.carrierId === null) throw new HttpError(404, REQUEST_MSG.carrierNotFound);
  return auth.carrierId;
}

const values = (input: VehicleInput) => ({
  equipmentId: input.equipmentId,
  plate: input.plate,
  description: input.description,
  capacityLbs: fromCents(toCents(input.capacityLbs)),
  active: input.active,
});

async function withDuplicateCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint) {
      throw new HttpError(
        409,
        `duplicate key value violates unique constraint "${constraint}": ${M.equipmentTaken}`,
        { equipmentId: M.equipmentTaken },
        { code: ERROR_CODES.duplicateEquipmentId },
      );
    }
    throw error;
  }
}

export async function createVehicle(db: Db, auth: AuthUser, input: VehicleInput): Promise<VehicleView> {
  const carrierId = carrierOf(auth);
  return withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      const id = await insertVehicle(tx, carrierId, values(input));
      await writeEntityAudit(tx, {
        userId: auth.id,
        entity: 'vehicle',
        entityId: id,
        action: 'create',
        data: { ...input },
      });
      return (await findVehicle(tx, carrierId, id))!;
    }),
  );
}

export async function editVehicle(
  db: Db,
  auth: AuthUser,
  id: number,
  input: VehicleInput,
  now = new Date(),
): Promise<VehicleView> {
  const carrierId = carrierOf(auth);
  return withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      if (!(await updateVehicle(tx, carrierId, id, values(input), now)))
        throw new HttpError(404, `Vehicle ${id} not found`);
      await writeEntityAudit(tx, {
        userId: auth.id,
        entity: 'vehicle',
        entityId: id,
        action: 'update',
        data: { ...input },
      });
      return (await findVehicle(tx, carrierId, id))!;
    }),
  );
}
