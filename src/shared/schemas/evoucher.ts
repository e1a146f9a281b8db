/**
 * E-vouchers: a carrier's freight settlement for one DELIVERED trip, priced by the carrier's contract
 * that was active on the withdrawal date. The list query and the row the API answers.
 */
import * as v from 'valibot';
import { isTimeZone } from '../format/display-format';
import { AnswerCount, AnswerDay, AnswerId, AnswerInstant, isIsoDate, queryInteger } from './schema-helpers';
import { CARRIER_MODES } from '../domain/roles';

export const EVOUCHER_PAGE_SIZE = 10;

export const EVOUCHER_MSG = {
  carrierId: 'Carrier must be a valid id',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  range: 'The end date cannot be before the start date',
  page: 'Page must be a whole number from 1',
  limit: 'Limit must be a whole number from 1 to 100',
  notFound: 'E-voucher not found',
} as const;

const day = v.pipe(v.string(EVOUCHER_MSG.date), v.check(isIsoDate, EVOUCHER_MSG.date));

export const EvoucherQuerySchema = v.pipe(
  v.object({
    carrierId: v.optional(queryInteger(EVOUCHER_MSG.carrierId, 1, 2_147_483_647)),
    /** Delivery dates, inclusive, YYYY-MM-DD (UTC days). */
    from: v.optional(day),
    to: v.optional(day),
    page: v.optional(queryInteger(EVOUCHER_MSG.page, 1), 1),
    limit: v.optional(queryInteger(EVOUCHER_MSG.limit, 1, 100), EVOUCHER_PAGE_SIZE),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, EVOUCHER_MSG.range),
    ['to'],
  ),
);
export type EvoucherQuery = v.InferOutput<typeof EvoucherQuerySchema>;

/** Money and weights: decimal text with two decimals. */
const Decimal2 = v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/));

const EvoucherContractSchema = v.strictObject({
  id: AnswerId,
  description: v.string(),
  /** Freight per trip, two decimals. */
  price: Decimal2,
  from: AnswerDay,
  to: AnswerDay,
});
export type EvoucherContract = v.InferOutput<typeof EvoucherContractSchema>;

/** One voucher. Money and weights are decimal strings with two decimals; dates as DESIGN.md says. */
export const EvoucherViewSchema = v.strictObject({
  ticketId: AnswerId,
  /** When the trip was delivered (ISO 8601). */
  deliveredAt: AnswerInstant,
  withdrawalDate: v.nullable(AnswerInstant),
  carrier: v.strictObject({ id: AnswerId, businessName: v.string(), mode: v.picklist(CARRIER_MODES) }),
  supplier: v.strictObject({ id: AnswerId, businessName: v.string() }),
  origin: v.strictObject({ id: AnswerId, name: v.string(), city: v.string() }),
  destination: v.nullable(v.strictObject({ id: AnswerId, name: v.string() })),
  equipment: v.nullable(v.string()),
  /** Gross minus tare, lbs. */
  netWeight: v.nullable(Decimal2),
  /** Null: no contract of the carrier was active on the withdrawal date ('no contract'). */
  contract: v.nullable(EvoucherContractSchema),
  /** What the carrier is owed for the trip: the contract's price per trip; null without a contract. */
  amount: v.nullable(Decimal2),
});
export type EvoucherView = v.InferOutput<typeof EvoucherViewSchema>;

export const EvoucherListSchema = v.strictObject({ evouchers: v.array(EvoucherViewSchema), count: AnswerCount });
export type EvoucherList = v.InferOutput<typeof EvoucherListSchema>;

/**
 * GET /evouchers/{ticketId}/pdf: the voucher's language (English unless `es`) and the reader's time
 * zone (IANA, as the browser names it; UTC when absent), in which its dates and the pickup time show.
 */
export const EvoucherPdfQuerySchema = v.object({
  lang: v.optional(v.picklist(['en', 'es'], 'Language must be en or es'), 'en'),
  tz: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(64, 'Time zone must be an IANA name such as America/Mexico_City'),
      v.check(isTimeZone, 'Time zone must be an IANA name such as America/Mexico_City'),
    ),
    'UTC',
  ),
});
