/**
 * Contract writes: the carrier in the path must exist (404), its contract must belong to it (404), an
 * ended contract cannot change (409), and the new end date may not precede the stored start (422).
 * Each write runs in one transaction with the contract row locked and leaves an audit row.
 */
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { AuthUser } from '../plugins/auth';
import { writeEntityAudit } from '../repositories/audit';
import { carrierExists, findContract, insertContract, updateContract } from '../repositories/contracts';
import { BACK_OFFICE_MSG as M } from '../../shared/schemas/back-office-messages';
import {
  checkContractEdit,
  type ContractView,
  type CreateContractInput,
  type UpdateContractInput,
} from '../../shared/schemas/contract';
import { fromCents, toCents } from '../../shared/domain/money';

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const money = (n: number) => fromCents(toCents(n));

export async function createContract(
  db: Db,
  auth: AuthUser,
  carrierId: number,
  input: CreateContractInput,
  now = new Date(),
): Promise<ContractView> {
  return db.transaction(async (tx) => {
    if (!(await carrierExists(tx, carrierId))) throw new HttpError(404, `Carrier ${carrierId} not found`);
    const id = await insertContract(tx, { carrierId, ...input, price: money(input.price) });
    await writeEntityAudit(tx, {
      userId: auth.id,
      entity: 'contract',
      entityId: id,
      action: 'create',
      data: { ...input },
    });
    return (await findContract(tx, carrierId, id, utcDay(now)))!;
  });
}

export async function editContract(
  db: Db,
  auth: AuthUser,
  carrierId: number,
  contractId: number,
  input: UpdateContractInput,
  now = new Date(),
): Promise<ContractView> {
  const today = utcDay(now);
  return db.transaction(async (tx) => {
    const stored = await findContract(tx, carrierId, contractId, today, true);
    if (!stored) throw new HttpError(404, `Contract ${contractId} not found`);
    if (stored.ended) throw new HttpError(409, M.contractEnded);
    const problems = checkContractEdit(stored, input);
    if (problems.to) throw new HttpError(422, problems.to, problems);
    await updateContract(tx, contractId, { description: input.description, price: money(input.price), to: input.to });
    await writeEntityAudit(tx, {
      userId: auth.id,
      entity: 'contract',
      entityId: contractId,
      action: 'update',
      data: { before: { description: stored.description, price: stored.price, to: stored.to }, after: { ...input } },
    });
    return (await findContract(tx, carrierId, contractId, today))!;
  });
}
