/**
 * Back-office writes on master data: carrier options (no write and an info message when nothing
 * changes), supplier options, new depots (a duplicate supplier/city/address answers 409 with the
 * database's unique-key text, which the client maps to its duplicate message) and configuration values
 * (checked against the stored key's minimum). Each runs in one transaction and leaves an audit row.
 */
import { ERROR_CODES } from '../../shared/errors';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { AuthUser } from '../plugins/auth';
import { writeEntityAudit } from '../repositories/audit';
import { uniqueViolation } from '../repositories/documentation';
import {
  borderCrossingExists,
  destinationExists,
  findCarrier,
  findConfiguration,
  findSupplier,
  insertDepot,
  supplierExists,
  supplierOptions,
  updateCarrierOptions,
  updateConfigurationValue,
  updateSupplierOptions,
} from '../repositories/master-admin';
import { BACK_OFFICE_MSG as M } from '../../shared/schemas/back-office-messages';
import type { UpdateCarrierInput, UpdateCarrierResult } from '../../shared/schemas/carrier';
import { checkSetting, type ConfigurationView, type UpdateSettingInput } from '../../shared/schemas/configuration';
import type { CreateDepotInput, DepotView } from '../../shared/schemas/depot';
import type { SupplierView, UpdateSupplierInput } from '../../shared/schemas/supplier';

export async function editCarrier(
  db: Db,
  auth: AuthUser,
  id: number,
  input: UpdateCarrierInput,
): Promise<UpdateCarrierResult> {
  return db.transaction(async (tx) => {
    const stored = await findCarrier(tx, id, true);
    if (!stored) throw new HttpError(404, `Carrier ${id} not found`);
    if (stored.category === input.category && stored.enabledForAlgorithm === input.enabledForAlgorithm) {
      return { carrier: stored, changed: false, message: M.noCarrierChanges };
    }
    const carrier = await updateCarrierOptions(tx, id, input);
    await writeEntityAudit(tx, {
      userId: auth.id,
      entity: 'carrier',
      entityId: id,
      action: 'update',
      data: {
        before: { category: stored.category, enabledForAlgorithm: stored.enabledForAlgorithm },
        after: { ...input },
      },
    });
    return { carrier, changed: true };
  });
}

export async function editSupplier(
  db: Db,
  auth: AuthUser,
  id: number,
  input: UpdateSupplierInput,
): Promise<SupplierView> {
  return db.transaction(async (tx) => {
    const stored = await findSupplier(tx, id, true);
    if (!stored) throw new HttpError(404, `Supplier ${id} not found`);
    if (input.defaultDestinationId != null && !(await destinationExists(tx, input.defaultDestinationId))) {
      throw new HttpError(422, M.destinationUnknown, { defaultDestinationId: M.destinationUnknown });
    }
    const options = {
      enabled: input.enabled ?? stored.options.enabled,
      defaultDestinationId:
        input.defaultDestinationId === undefined ? stored.options.defaultDestinationId : input.defaultDestinationId,
      noticeEmail: input.noticeEmail === undefined ? stored.options.noticeEmail : input.noticeEmail,
    };
    const supplier = await updateSupplierOptions(tx, id, options);
    await writeEntityAudit(tx, {
      userId: auth.id,
      entity: 'supplier',
      entityId: id,
      action: 'update-options',
      data: { before: { ...stored.options }, after: { ...options } },
    });
    return supplier;
  });
}

/** 403 when the supplier's `enabled` option is off: it may not request tickets. */
export async function assertSupplierMayRequest(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  supplierId: number,
) {
  const options = await supplierOptions(db, supplierId);
  if (options && !options.enabled) throw new HttpError(403, M.supplierDisabled);
}

export async function createDepot(db: Db, auth: AuthUser, input: CreateDepotInput): Promise<DepotView> {
  const [longitude, latitude] = input.location.coordinates;
  try {
    return await db.transaction(async (tx) => {
      if (!(await supplierExists(tx, input.supplierId))) {
        throw new HttpError(422, M.supplierUnknown, { supplierId: M.supplierUnknown });
      }
      if (!(await borderCrossingExists(tx, input.borderCrossingId))) {
        throw new HttpError(422, M.borderCrossingUnknown, { borderCrossingId: M.borderCrossingUnknown });
      }
      const depot = await insertDepot(tx, {
        supplierId: input.supplierId,
        name: `${input.city} – ${input.address}`,
        city: input.city,
        address: input.address,
        latitude,
        longitude,
        description: input.description,
        borderCrossingId: input.borderCrossingId,
      });
      await writeEntityAudit(tx, {
        userId: auth.id,
        entity: 'depot',
        entityId: depot.id,
        action: 'create',
        data: { ...input },
      });
      return depot;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint) {
      throw new HttpError(
        409,
        `duplicate key value violates unique constraint "${constraint}": supplier, city and address`,
        undefined,
        { code: ERROR_CODES.duplicateDepot },
      );
    }
    throw error;
  }
}

export async function editConfiguration(
  db: Db,
  auth: AuthUser,
  id: number,
  input: UpdateSettingInput,
): Promise<ConfigurationView> {
  return db.transaction(async (tx) => {
    const stored = await findConfiguration(tx, id, true);
    if (!stored) throw new HttpError(404, `Configuration ${id} not found`);
    const problem = checkSetting(stored.key, input.value);
    if (problem) throw new HttpError(422, problem, { value: problem });
    const configuration = await updateConfigurationValue(tx, id, String(input.value));
    await writeEntityAudit(tx, {
      userId: auth.id,
      entity: 'configuration',
      entityId: id,
      action: 'update',
      data: { key: stored.key, before: stored.value, after: configuration.value },
    });
    return configuration;
  });
}
