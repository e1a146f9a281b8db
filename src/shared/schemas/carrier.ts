/**
 * Carrier options (admin /categories, PUT /carriers/{id}): the category the allocation ranks by (a whole
 * number, 1 first) and whether the allocation may offer the carrier tickets at all.
 */
import * as v from 'valibot';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { objectMessage } from './schema-helpers';

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

export interface CarrierView {
  id: number;
  businessName: string;
  mode: 'TRUCK' | 'RAILCAR';
  category: number;
  enabledForAlgorithm: boolean;
}

/** PUT /carriers/{id} answers the carrier and whether anything changed (the info toast when not). */
export interface UpdateCarrierResult {
  carrier: CarrierView;
  changed: boolean;
  message?: string;
}
