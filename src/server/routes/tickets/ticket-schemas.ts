/**
 * Server-side additions to the shared ticket schemas (src/shared/schemas/ticket.ts). Bodies are wrapped
 * as the spec shows ({ticket: {...}}); the inner object is validated on its own so that `details` name
 * the form's fields (`count`, not `ticket.count`).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { RouteShorthandOptions } from 'fastify';
import * as v from 'valibot';
import { resolveStatusFilter } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/domain/ticket-status';
import { TicketQuerySchema } from '../../../shared/schemas/ticket';
import { parseOrThrow } from '../../http/validate';

/** Route options documenting `{ticket: inner}` and a parser that validates the inner object. */
export function ticketBody<S extends v.GenericSchema>(inner: S) {
  let doc: Record<string, unknown>;
  try {
    doc = toJsonSchema(v.object({ ticket: inner }), { errorMode: 'ignore' }) as Record<string, unknown>;
  } catch {
    // A schema the converter cannot express is documented as any object; validation is unaffected.
    doc = { type: 'object' };
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

const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0'], 'Must be true or false'),
    v.transform((s) => s === 'true' || s === '1'),
  ),
);

/**
 * The shared list filters plus two the server adds: `unassigned=true` (PENDING without an open offer,
 * the admins' view of tickets the allocation could not place) and `all=true` (a carrier's /all page,
 * which also lists tickets it was offered before).
 */
export const ServerTicketQuerySchema = v.object({ ...TicketQuerySchema.entries, unassigned: flag, all: flag });
export type TicketQuery = v.InferOutput<typeof ServerTicketQuerySchema>;

/**
 * Stored statuses for a statusName filter, aliases expanded for the caller's roles (a user holding
 * several roles gets the union); without a filter, the generic list's default (every status but
 * CANCELED). Unknown values select nothing, so a filter of only unknown values lists no ticket.
 */
export function expandStatuses(roles: readonly Role[], values: readonly string[] | undefined): TicketStatus[] {
  const selected = new Set(roles.flatMap((role) => resolveStatusFilter(role, 'generic', values)));
  return TICKET_STATUSES.filter((status) => selected.has(status));
}
