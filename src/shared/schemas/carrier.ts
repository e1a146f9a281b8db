/**
 * Carrier options (admin /categories, PUT /carriers/{id}): the category the allocation ranks by (a whole
 * number, 1 first) and whether the allocation may offer the carrier tickets at all.
 */
import * as v from 'valibot';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { AnswerId, objectMessage } from './schema-helpers';
import { CARRIER_MODES } from '../domain/roles';

export const UpdateCarrierSchema = v.object(
  {
    category: v.pipe(
      v.number(M.category),
      v.integer(M.category),
      v.minValue(1, M.category),
      v.maxValue(1000, M.category),
    ),
    enabledForAlgorithm: v.boolean(M.enabledForAlgorithm),
  },
  objectMessage(M.body),
);
export type UpdateCarrierInput = v.InferOutput<typeof UpdateCarrierSchema>;
export const UpdateCarrierBodySchema = v.object({ carrier: UpdateCarrierSchema }, objectMessage(M.body));

export const CarrierViewSchema = v.strictObject({
  id: AnswerId,
  businessName: v.string(),
  mode: v.picklist(CARRIER_MODES),
  category: v.number(),
  enabledForAlgorithm: v.boolean(),
});
export type CarrierView = v.InferOutput<typeof CarrierViewSchema>;

/** PUT /carriers/{id} answers the carrier and whether anything changed (the info toast when not). */
export const UpdateCarrierResultSchema = v.strictObject({
  carrier: CarrierViewSchema,
  changed: v.boolean(),
  message: v.optional(v.string()),
});
export type UpdateCarrierResult = v.InferOutput<typeof UpdateCarrierResultSchema>;
