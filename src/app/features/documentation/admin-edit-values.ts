/**
 * The admin ticket-edit form's values as the JSON part of PUT /trucks-documentation/{id}: checked by
 * AdminTicketEditSchema (spec section 5: amount and tare above 0, gross above tare, the equipment rule,
 * equipment different from the invoice number; everything else optional).
 */
import * as v from 'valibot';
import { AdminTicketEditSchema } from '../../../shared/schemas/documentation';
import type { DocumentationFormValues, FormErrors } from './form-values';

function input(values: DocumentationFormValues): Record<string, unknown> {
  const text = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    destinationId: values.destinationId ?? undefined,
    invoiceDate: values.invoiceDate ?? undefined,
    invoiceNumber: text(values.invoiceNumber),
    // An emptied amount or weight is 0 for the schema: the positive-number message, not a silent keep.
    invoiceAmount: values.invoiceAmount,
    grossWeight: values.grossWeight,
    tareWeight: values.tareWeight,
    carEquipment: values.carEquipment,
    materialId: values.materialId ?? undefined,
    materialDescription: values.materialDescription,
    purchaseOrderId: values.purchaseOrderId,
  };
}

export type AdminEditResult = { ok: true; payload: Record<string, unknown> } | { ok: false; errors: FormErrors };

export function checkAdminEdit(values: DocumentationFormValues): AdminEditResult {
  const result = v.safeParse(AdminTicketEditSchema, input(values));
  if (result.success) return { ok: true, payload: result.output as Record<string, unknown> };
  const errors: FormErrors = {};
  for (const [key, messages] of Object.entries(v.flatten(result.issues).nested ?? {})) {
    const first = messages?.[0];
    if (first && !errors[key]) errors[key] = first;
  }
  return { ok: false, errors };
}
