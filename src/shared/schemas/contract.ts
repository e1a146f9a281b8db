/**
 * Contract payloads: the admin's create and edit modals and POST/PUT /carriers/{carrierId}/contracts.
 * Create needs description, price (at least 1, 2 decimals), from and to with to not before from; edit
 * changes only description, price (a whole number, at least 1) and to — its check against the stored
 * start date is `checkContractEdit`, shared by the modal and the server.
 */
import * as v from 'valibot';
import { hasAtMostTwoDecimals } from '../domain/money';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { AnswerCount, AnswerDay, AnswerId, isIsoDate, objectMessage, queryArray, queryInteger } from './schema-helpers';
import { CARRIER_MODES } from '../domain/roles';

export const MAX_CONTRACT_PRICE = 999_999_999_999;
export const CONTRACT_STATUSES = ['active', 'inactive'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

const description = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(200, M.description));
const date = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.check(isIsoDate, M.date));
// A price left out or null is missing; anything else that is not a JSON number (such as the text
// '2,500.50') is refused as not a number rather than read or called missing.
const price = v.pipe(
  v.unknown(),
  v.check((x) => x !== undefined && x !== null && x !== '', M.required),
  v.number(M.priceNumber),
  v.minValue(1, M.priceMin),
  v.maxValue(MAX_CONTRACT_PRICE, M.priceMax),
  v.check(hasAtMostTwoDecimals, M.priceDecimals),
);

export const CreateContractSchema = v.pipe(
  v.object({ description, price, from: date, to: date }, objectMessage(M.body)),
  v.forward(
    v.check((c) => c.to >= c.from, M.toBeforeFrom),
    ['to'],
  ),
);
export type CreateContractInput = v.InferOutput<typeof CreateContractSchema>;

export const UpdateContractSchema = v.object(
  { description, price: v.pipe(price, v.integer(M.priceInteger)), to: date },
  objectMessage(M.body),
);
export type UpdateContractInput = v.InferOutput<typeof UpdateContractSchema>;

export const CreateContractBodySchema = v.object({ contract: CreateContractSchema }, objectMessage(M.body));
export const UpdateContractBodySchema = v.object({ contract: UpdateContractSchema }, objectMessage(M.body));

/** A contract whose last day is before `today` (UTC, inclusive dates) can no longer change. */
export const contractEnded = (to: string, today: string) => to < today;

/** Active means today within from..to, both inclusive. */
export const contractStatusOn = (c: { from: string; to: string }, today: string): ContractStatus =>
  c.from <= today && today <= c.to ? 'active' : 'inactive';

/** The edit rule the body alone cannot decide: the new end date against the stored start date. */
export function checkContractEdit(stored: { from: string }, input: { to: string }): Record<string, string> {
  return input.to < stored.from ? { to: M.toBeforeFrom } : {};
}

export const ContractQuerySchema = v.object({
  page: v.optional(queryInteger(M.page, 1, 1_000_000), 1),
  limit: v.optional(queryInteger(M.limit, 1, 1000), 10),
  orderBy: v.optional(v.picklist(['ASC', 'DESC'], M.orderBy), 'DESC'),
  carrierId: v.optional(queryArray(queryInteger(M.id, 1), M.id)),
  contractStatus: v.optional(
    queryArray(
      v.pipe(v.string(M.contractStatus), v.toLowerCase(), v.picklist(CONTRACT_STATUSES, M.contractStatus)),
      M.contractStatus,
    ),
  ),
});
export type ContractQuery = v.InferOutput<typeof ContractQuerySchema>;

export const ContractViewSchema = v.strictObject({
  id: AnswerId,
  carrier: v.strictObject({ id: AnswerId, businessName: v.string(), mode: v.picklist(CARRIER_MODES) }),
  description: v.string(),
  price: v.number(),
  from: AnswerDay,
  to: AnswerDay,
  status: v.picklist(CONTRACT_STATUSES),
  ended: v.boolean(),
});
export type ContractView = v.InferOutput<typeof ContractViewSchema>;
/** GET /contracts. */
export const ContractListSchema = v.strictObject({ contracts: v.array(ContractViewSchema), total: AnswerCount });
