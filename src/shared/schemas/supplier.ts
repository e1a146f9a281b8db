/**
 * Supplier options (admin /suppliersabm, PUT /suppliers/{id}): whether the supplier may request tickets,
 * its default destination (preselected on its documentation) and a contact e-mail for notices. Each
 * option is optional in the body; one left out keeps its stored value, `null` clears the last two.
 */
import * as v from 'valibot';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { AnswerId, AnswerInstant, bodyId, objectMessage, queryInteger } from './schema-helpers';

const SupplierOptionsSchema = v.strictObject({
  enabled: v.boolean(),
  defaultDestinationId: v.nullable(AnswerId),
  noticeEmail: v.nullable(v.string()),
});
export type SupplierOptions = v.InferOutput<typeof SupplierOptionsSchema>;

export const DEFAULT_SUPPLIER_OPTIONS: SupplierOptions = {
  enabled: true,
  defaultDestinationId: null,
  noticeEmail: null,
};

/** Stored options (a JSON column that may predate a key) read with their defaults. */
export function readSupplierOptions(stored: Record<string, unknown> | null | undefined): SupplierOptions {
  const s = stored ?? {};
  return {
    enabled: typeof s.enabled === 'boolean' ? s.enabled : true,
    defaultDestinationId: typeof s.defaultDestinationId === 'number' ? s.defaultDestinationId : null,
    noticeEmail: typeof s.noticeEmail === 'string' ? s.noticeEmail : null,
  };
}

export const UpdateSupplierSchema = v.object(
  {
    enabled: v.optional(v.boolean(M.enabled)),
    defaultDestinationId: v.optional(v.nullable(bodyId(M.destination))),
    noticeEmail: v.optional(
      v.nullable(
        v.pipe(
          v.string(M.email),
          v.trim(),
          v.transform((s) => (s === '' ? null : s)),
          v.nullable(v.pipe(v.string(), v.maxLength(200, M.email), v.email(M.email))),
        ),
      ),
    ),
  },
  objectMessage(M.body),
);
export type UpdateSupplierInput = v.InferOutput<typeof UpdateSupplierSchema>;
export const UpdateSupplierBodySchema = v.object({ supplier: UpdateSupplierSchema }, objectMessage(M.body));

const search = v.optional(v.pipe(v.string(M.search), v.trim(), v.maxLength(100, M.search)));

export const SupplierFilterQuerySchema = v.object({
  page: v.optional(queryInteger(M.page, 1, 1_000_000), 1),
  limit: v.optional(queryInteger(M.limit, 1, 1000), 10),
  businessName: search,
  sapId: search,
});
export type SupplierFilterQuery = v.InferOutput<typeof SupplierFilterQuerySchema>;

export const SupplierViewSchema = v.strictObject({
  id: AnswerId,
  sapId: v.nullable(v.string()),
  businessName: v.string(),
  tradeName: v.nullable(v.string()),
  city: v.nullable(v.string()),
  cellphone: v.nullable(v.string()),
  createAt: AnswerInstant,
  options: SupplierOptionsSchema,
});
export type SupplierView = v.InferOutput<typeof SupplierViewSchema>;

/**
 * GET /suppliers: a supplier as the forms and filters list it. The ERP id and the phone go to the admins
 * and the supplier itself only.
 */
export const SupplierListItemSchema = v.strictObject({
  id: AnswerId,
  businessName: v.string(),
  tradeName: v.nullable(v.string()),
  city: v.nullable(v.string()),
  createAt: AnswerInstant,
  sapId: v.optional(v.nullable(v.string())),
  cellphone: v.optional(v.nullable(v.string())),
});
