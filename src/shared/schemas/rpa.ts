/**
 * Accounting batches (RPA): the list query, the create payload and the export query. An RPA closes the
 * open accounting period and holds the provider invoices of that period; the open period itself is a
 * row with no id and `to: "NOW"`.
 */
import * as v from 'valibot';
import {
  AnswerCount,
  AnswerId,
  AnswerInstant,
  INT4_MAX,
  isIsoDate,
  isIsoInstant,
  queryInteger,
} from './schema-helpers';

/** The first accounting period starts here when no RPA exists yet. */
export const RPA_FIRST_START = '2021-12-10T00:00:00.000Z';
/** RPAs per page when the caller gives no limit (the spec's small lists use 5 or 10). */
export const RPA_PAGE_SIZE = 10;

/** The spec's texts for this screen (English, as the server sends them; the client translates). */
export const RPA_MSG = {
  empty: 'No invoices to generate RPA',
  created: 'RPA created successfully with ID',
  error: 'Error retrieving data',
  rpaId: 'RPA ID must be a whole number',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  from: 'From must be the start of the open period',
  invoiceQty: 'Invoice quantity must be a whole number',
  page: 'Page must be a whole number from 1',
  limit: 'Limit must be a whole number from 1 to 100',
  closed: 'The open period was already closed by another RPA; reload the list',
  notFound: 'RPA not found',
} as const;

/** One row of the RPA list; the open period has `id: null` and `to: "NOW"`. Instants are ISO 8601. */
export const RpaViewSchema = v.strictObject({
  id: v.nullable(AnswerId),
  from: AnswerInstant,
  to: v.union([AnswerInstant, v.literal('NOW')]),
  invoiceQty: AnswerCount,
});
export type RpaView = v.InferOutput<typeof RpaViewSchema>;

export const RpaQuerySchema = v.object({
  page: v.optional(queryInteger(RPA_MSG.page, 1), 1),
  limit: v.optional(queryInteger(RPA_MSG.limit, 1, 100), RPA_PAGE_SIZE),
  rpaId: v.optional(queryInteger(RPA_MSG.rpaId, 1, 2_147_483_647)),
  /** A calendar day; the batches whose period touches it. */
  date: v.optional(v.pipe(v.string(RPA_MSG.date), v.check(isIsoDate, RPA_MSG.date))),
});
export type RpaQuery = v.InferOutput<typeof RpaQuerySchema>;

/**
 * POST /rpa, the inner object of `{rpa: {...}}`. `from` is the start of the open period the user saw: if another RPA closed that period in
 * the meantime the create is refused instead of batching a period the user never looked at. `to` is
 * what the list showed ("NOW"); the server closes the period at its own clock. A zero `invoiceQty`
 * is refused with the spec's text.
 */
export const CreateRpaSchema = v.object({
  from: v.pipe(v.string(RPA_MSG.from), v.check(isIsoInstant, RPA_MSG.from)),
  to: v.optional(v.string()),
  invoiceQty: v.pipe(
    v.number(RPA_MSG.invoiceQty),
    v.integer(RPA_MSG.invoiceQty),
    v.minValue(0, RPA_MSG.invoiceQty),
    v.maxValue(INT4_MAX, RPA_MSG.invoiceQty),
  ),
});
export type CreateRpa = v.InferOutput<typeof CreateRpaSchema>;

/** GET /data-sap/excel and GET /tickets/pdf name the batch in `rpaId`. */
export const RpaExportQuerySchema = v.object({
  rpaId: queryInteger(RPA_MSG.rpaId, 1, 2_147_483_647),
});
export type RpaExportQuery = v.InferOutput<typeof RpaExportQuerySchema>;

/** The server's hint of the zip's size (a few bytes above the exact length), for a progress bar. */
export const EXPECTED_BYTES_HEADER = 'X-Expected-Bytes';
