/**
 * Accounting batches (RPA): the list with the open period on top, and creation, which closes the open
 * period at now and attaches every provider invoice not yet batched. Creation is serialised by an
 * advisory lock, and refused when the period the user saw (its start) was closed meanwhile, so two
 * racing creates never make two batches of the same invoices.
 */
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { RPA_MSG, type CreateRpa, type RpaQuery, type RpaView } from '../../shared/schemas/rpa';
import { findOpenPeriod, findRpa, insertRpaWithInvoices, listRpas, lockRpaCreation } from '../repositories/rpas';

/**
 * Page 1 starts with the open period unless the search names a batch id or a day after now; `count`
 * counts closed batches only (the pages), the open row comes on top of page 1.
 */
export async function rpaList(db: Db, query: RpaQuery): Promise<{ rpas: RpaView[]; count: number }> {
  const { rows, count } = await listRpas(db, {
    rpaId: query.rpaId,
    date: query.date,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const rpas: RpaView[] = rows.map((r) => ({ ...r }));
  if (query.page === 1 && query.rpaId === undefined) {
    const open = await findOpenPeriod(db);
    const today = new Date().toISOString().slice(0, 10);
    if (!query.date || (query.date >= open.from.slice(0, 10) && query.date <= today)) {
      rpas.unshift({ id: null, from: open.from, to: 'NOW', invoiceQty: open.invoiceQty });
    }
  }
  return { rpas, count };
}

export async function rpaById(db: Db, id: number): Promise<RpaView> {
  const rpa = await findRpa(db, id);
  if (!rpa) throw new HttpError(404, RPA_MSG.notFound);
  return rpa;
}

export async function createRpa(db: Db, userId: number, input: CreateRpa): Promise<RpaView> {
  if (input.invoiceQty < 1) throw new HttpError(422, RPA_MSG.empty);
  return db.transaction(async (tx) => {
    await lockRpaCreation(tx);
    const open = await findOpenPeriod(tx);
    if (Date.parse(open.from) !== Date.parse(input.from)) throw new HttpError(409, RPA_MSG.closed);
    if (open.invoiceQty === 0) throw new HttpError(422, RPA_MSG.empty);
    return insertRpaWithInvoices(tx, open.from, userId);
  });
}
