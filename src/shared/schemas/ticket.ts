/**
 * Ticket payloads, one valibot schema each, used by the dialogs and by the routes.
 * Bodies come wrapped as the spec writes them ({ticket: {...}}): the `...BodySchema` objects validate the
 * wrapper, the inner schemas validate the form. Business rules that need more than the payload (the
 * withdrawal window, the lifecycle) live in src/shared/domain and are called after parsing.
 */
import * as v from 'valibot';
import { CARRIER_MODES } from '../domain/roles';
import { TICKET_BULK_LIMIT } from '../domain/role-views';
import { DISPLAY_ALIASES, TICKET_STATUSES, normalizeStatus } from '../domain/ticket-status';
import { TIMEZONE_OFFSET_RANGE } from '../domain/withdrawal';
import {
  INT4_MAX,
  isIsoDate,
  isIsoInstant,
  objectMessage,
  parseIsoInstant,
  queryArray,
  queryInteger,
} from './schema-helpers';
import { TICKET_MSG as M } from './ticket-messages';

export const MAX_TICKETS_PER_REQUEST = 10;
export const MAX_TICKET_TEXT = 500;
const MAX_SEARCH_TEXT = 100;

const id = (message: string) =>
  v.pipe(v.number(M.required), v.integer(message), v.minValue(1, message), v.maxValue(INT4_MAX, message));

/** Required free text: trimmed, so blanks count as missing. */
const reason = v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(MAX_TICKET_TEXT, M.reason));

const wrap = <TSchema extends v.GenericSchema>(ticket: TSchema) =>
  v.object({ ticket }, objectMessage(M.body, M.ticket));

/** New ticket dialog and POST /tickets: 1 to 10 tickets from one of the supplier's yards. */
export const CreateTicketSchema = v.object(
  {
    count: v.optional(
      v.pipe(
        v.number(M.count),
        v.integer(M.count),
        v.minValue(1, M.count),
        v.maxValue(MAX_TICKETS_PER_REQUEST, M.count),
      ),
      1,
    ),
    originDepotId: id(M.depot),
    comments: v.optional(v.nullable(v.pipe(v.string(M.comments), v.trim(), v.maxLength(MAX_TICKET_TEXT, M.comments)))),
  },
  objectMessage(M.ticket),
);
export type CreateTicketInput = v.InferOutput<typeof CreateTicketSchema>;
export const CreateTicketBodySchema = wrap(CreateTicketSchema);

/**
 * Accept dialog and PUT /tickets/{id}/confirm. `timezone` is the device's getTimezoneOffset(). The
 * schema checks shapes only; checkWithdrawal (domain/withdrawal.ts) then applies the 30-minute, step,
 * weekday, hours and window rules with that offset.
 */
export const ConfirmTicketSchema = v.object(
  {
    withdrawalDate: v.pipe(
      v.string(M.required),
      v.trim(),
      v.nonEmpty(M.required),
      v.check(isIsoInstant, M.withdrawalDate),
    ),
    timezone: v.pipe(
      v.number(M.timezone),
      v.integer(M.timezone),
      v.minValue(TIMEZONE_OFFSET_RANGE.min, M.timezone),
      v.maxValue(TIMEZONE_OFFSET_RANGE.max, M.timezone),
    ),
  },
  objectMessage(M.ticket),
);
export type ConfirmTicketInput = v.InferOutput<typeof ConfirmTicketSchema>;
export const ConfirmTicketBodySchema = wrap(ConfirmTicketSchema);

/** Decline dialog and PUT /tickets/{id}/decline. */
export const DeclineTicketSchema = v.object({ reason }, objectMessage(M.ticket));
export type DeclineTicketInput = v.InferOutput<typeof DeclineTicketSchema>;
export const DeclineTicketBodySchema = wrap(DeclineTicketSchema);

/** Pass dialog and PUT /tickets/{id}/pass: the carrier passes on a PENDING offer, saying why. */
export const PassOfferSchema = v.object({ reason }, objectMessage(M.ticket));
export type PassOfferInput = v.InferOutput<typeof PassOfferSchema>;
export const PassOfferBodySchema = wrap(PassOfferSchema);

/** Admin's manual carrier assignment, PUT /tickets/{id}/manual. */
export const ManualAssignSchema = v.object({ carrierId: id(M.carrier), reason }, objectMessage(M.ticket));
export type ManualAssignInput = v.InferOutput<typeof ManualAssignSchema>;
export const ManualAssignBodySchema = wrap(ManualAssignSchema);

/**
 * PUT /tickets/{id}: release at the border (MX_TRANSIT), delivery (DELIVERED) or the customs read flag.
 * Unknown keys are dropped, so a body with nothing this schema knows is refused rather than answered as
 * a silent success. The admin edit will add its optional fields here.
 */
export const UpdateTicketSchema = v.pipe(
  v.object(
    {
      status: v.optional(v.picklist(['MX_TRANSIT', 'DELIVERED'], M.updateStatus)),
      customsRead: v.optional(v.boolean(M.customsRead)),
    },
    objectMessage(M.ticket),
  ),
  v.check((input) => input.status !== undefined || input.customsRead !== undefined, M.nothingToUpdate),
);
export type UpdateTicketInput = v.InferOutput<typeof UpdateTicketSchema>;
export const UpdateTicketBodySchema = wrap(UpdateTicketSchema);

const STATUS_FILTER_VALUES = [...TICKET_STATUSES, ...DISPLAY_ALIASES] as const;

const idList = queryArray(queryInteger(M.ids, 1), M.ids);

/** Free-text search: blank means "not searching". */
const search = v.optional(
  v.pipe(
    v.string(M.search),
    v.trim(),
    v.maxLength(MAX_SEARCH_TEXT, M.search),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
);

/** A query-string flag: `true`/`1` or `false`/`0` (the client's booleans are sent as text). */
const queryFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])], M.flag),
    v.transform((value) => value === true || value === 'true' || value === '1'),
  ),
);

/** `value` in any case with spaces or underscores, as UPPER_SNAKE. */
const upperPicklist = <const T extends readonly string[]>(options: T, message: string) =>
  v.pipe(v.string(message), v.transform(normalizeStatus), v.picklist(options, message));

/**
 * GET /tickets query string. Repeated keys are arrays and a single
 * value is a one-item array. `statusName` is normalised to UPPER_SNAKE and may hold display aliases;
 * expand it for the caller's role with resolveStatusFilter (domain/role-views.ts). `limit` has no
 * default here because it depends on the list (TICKET_LIST_DEFAULTS). `beforeDate` takes a date
 * (midnight UTC) or an instant and comes out as an ISO instant; the admin's "older than one day" tile
 * sends oldestTicketCutoff(now).
 */
export const TicketQuerySchema = v.object(
  {
    statusName: v.optional(queryArray(upperPicklist(STATUS_FILTER_VALUES, M.statusName), M.statusName)),
    page: v.optional(queryInteger(M.page, 1), 1),
    limit: v.optional(queryInteger(M.limit, 1, TICKET_BULK_LIMIT)),
    ticketId: v.optional(queryInteger(M.id, 1)),
    invoiceNumber: search,
    taInvoiceNumber: search,
    equipment: search,
    carrierId: v.optional(idList),
    carrierMode: v.optional(queryArray(upperPicklist(CARRIER_MODES, M.carrierMode), M.carrierMode)),
    supplierId: v.optional(idList),
    destinationId: v.optional(idList),
    borderCrossingId: v.optional(idList),
    // Newest first: the lists show fresh work at the top.
    orderBy: v.optional(upperPicklist(['ASC', 'DESC'], M.orderBy), 'DESC'),
    beforeDate: v.optional(
      v.pipe(
        v.string(M.beforeDate),
        v.trim(),
        v.check((text) => isIsoDate(text) || isIsoInstant(text), M.beforeDate),
        v.transform((text) => (parseIsoInstant(text) ?? new Date(`${text}T00:00:00Z`)).toISOString()),
      ),
    ),
    // `unassigned=true`: PENDING without an open offer, the admins' view of tickets the allocation could
    // not place. `all=true`: a carrier's /all page, which also lists tickets it was offered before.
    // `unpaid=true`: tickets whose provider invoice has no payment voucher yet (the admin's work tile).
    unassigned: queryFlag,
    all: queryFlag,
    // `customsRead=false`: tickets customs have not read (the customs home's unread documentation);
    // `true`: those they have. Any other value is refused (400), never read as "no filter".
    customsRead: queryFlag,
    unpaid: queryFlag,
  },
  objectMessage(M.query),
);
export type TicketQuery = v.InferOutput<typeof TicketQuerySchema>;
/** What a caller may pass: the same keys, as text or numbers, single or repeated. */
export type TicketQueryInput = v.InferInput<typeof TicketQuerySchema>;
