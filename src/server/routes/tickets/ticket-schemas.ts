/**
 * Request schemas of the ticket routes. Bodies are wrapped as the spec shows ({ticket: {...}}); the
 * inner object is validated on its own so that `details` name the form's fields (`count`, not
 * `ticket.count`).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { RouteShorthandOptions } from 'fastify';
import * as v from 'valibot';
import { resolveStatusFilter, TICKET_BULK_LIMIT } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/domain/ticket-status';
import { MSG } from '../../../shared/schemas/messages';
import { parseOrThrow } from '../../http/validate';

export const TICKET_COUNT_MESSAGE = 'Count must be a whole number from 1 to 10';

const int = (message: string) => v.pipe(v.number(message), v.integer(message));
const maybeNumber = (value: unknown) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);

export const CreateTicketSchema = v.object({
  count: v.pipe(v.optional(v.unknown(), 1), v.transform(maybeNumber), int(TICKET_COUNT_MESSAGE), v.minValue(1, TICKET_COUNT_MESSAGE), v.maxValue(10, TICKET_COUNT_MESSAGE)),
  originDepotId: v.pipe(v.unknown(), v.transform(maybeNumber), int(MSG.required), v.minValue(1, MSG.required)),
  comments: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000, 'Comments must be at most 1000 characters')))),
});

export const ConfirmTicketSchema = v.object({
  withdrawalDate: v.pipe(
    v.string(MSG.required),
    v.nonEmpty(MSG.required),
    v.check((s) => !Number.isNaN(Date.parse(s)), 'Withdrawal date must be an ISO 8601 instant'),
  ),
  timezone: v.pipe(
    v.optional(v.unknown(), 0),
    v.transform(maybeNumber),
    int('Timezone must be whole minutes'),
    v.minValue(-840, 'Timezone must be whole minutes within ±840'),
    v.maxValue(840, 'Timezone must be whole minutes within ±840'),
  ),
});

const reason = v.pipe(v.string('Reason is a required field'), v.trim(), v.nonEmpty('Reason is a required field'), v.maxLength(500));

export const DeclineTicketSchema = v.object({ reason });

export const ManualAssignSchema = v.object({
  carrierId: v.pipe(v.unknown(), v.transform(maybeNumber), int(MSG.required), v.minValue(1, MSG.required)),
  reason,
});

export const UpdateTicketSchema = v.object({
  status: v.optional(v.picklist(['MX_TRANSIT', 'DELIVERED'] as const, 'Status may only become MX_TRANSIT or DELIVERED here')),
  customsRead: v.optional(v.boolean('customsRead must be true or false')),
});

/** Route options documenting `{ticket: inner}` and a parser that validates the inner object. */
export function ticketBody<S extends v.GenericSchema>(inner: S) {
  let doc: Record<string, unknown> = {};
  try {
    doc = toJsonSchema(v.object({ ticket: inner }), { errorMode: 'ignore' }) as Record<string, unknown>;
  } catch {
    doc = {};
  }
  return {
    doc,
    parse: (body: unknown): v.InferOutput<S> => {
      const ticket = body && typeof body === 'object' ? (body as { ticket?: unknown }).ticket : undefined;
      return parseOrThrow(inner, ticket ?? {});
    },
  };
}

/** Adds a documented body to route options built by withSchemas. */
export function documentBody(options: Pick<RouteShorthandOptions, 'schema'>, doc: Record<string, unknown>) {
  return { ...options, schema: { ...(options.schema as Record<string, unknown>), body: doc } };
}

// ---- GET /tickets ----

const listOf = <T>(item: v.GenericSchema<string, T>) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())]),
      v.transform((x) => (Array.isArray(x) ? x : [x]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)),
      v.array(item),
    ),
  );
const idString = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Must be a whole number'), v.transform(Number));
const positive = (fallback: number, max: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(max)), String(fallback));
const flag = v.optional(v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((s) => s === 'true' || s === '1')));
const text = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)));


export const TicketQuerySchema = v.object({
  statusName: listOf(v.string()),
  page: positive(1, 1_000_000),
  limit: positive(50, TICKET_BULK_LIMIT),
  ticketId: v.optional(idString),
  invoiceNumber: text,
  taInvoiceNumber: text,
  equipment: text,
  carrierId: listOf(idString),
  carrierMode: listOf(v.pipe(v.string(), v.toUpperCase(), v.picklist(['TRUCK', 'RAILCAR'], 'carrierMode is TRUCK or RAILCAR'))),
  supplierId: listOf(idString),
  destinationId: listOf(idString),
  borderCrossingId: listOf(idString),
  orderBy: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(['ASC', 'DESC'], 'orderBy is ASC or DESC'))),
  beforeDate: v.optional(
    v.pipe(v.string(), v.check((s) => !Number.isNaN(Date.parse(s)), 'beforeDate must be a date'), v.transform((s) => new Date(s))),
  ),
  unassigned: flag,
  all: flag,
});
export type TicketQuery = v.InferOutput<typeof TicketQuerySchema>;

/**
 * Stored statuses for a statusName filter, aliases expanded for the caller's roles (a user holding
 * several roles gets the union); without a filter, the generic list's default (every status but
 * CANCELED). Unknown values select nothing, so a filter of only unknown values lists no ticket.
 */
export function expandStatuses(roles: readonly Role[], values: readonly string[] | undefined): TicketStatus[] {
  const selected = new Set(roles.flatMap((role) => resolveStatusFilter(role, 'generic', values)));
  return TICKET_STATUSES.filter((status) => selected.has(status));
}
