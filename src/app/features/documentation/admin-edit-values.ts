/**
 * The admin ticket-edit form's values as the JSON part of PUT /trucks-documentation/{id} or
 * PUT /railcar-documentation/{id}.
 *
 * Truck: AdminTicketEditSchema (amount and tare above 0, gross above
 * tare, the equipment rule, equipment different from the invoice number; everything else optional).
 * Railcar: the form is always whole, so it is checked as the "later form for editing"
 * (UpdateRailcarDocumentationSchema: an emptied amount or waybill says it is required); the server reads
 * the admin's PUT with AdminRailcarEditSchema, where every field may be left out, as on the truck's.
 * Carrier, yard and ticket are never sent: the admin cannot change them.
 */
import * as v from 'valibot';
import { AdminTicketEditSchema, UpdateRailcarDocumentationSchema } from '../../../shared/schemas/documentation';
import type { DocumentationFormValues, FormErrors } from './form-values';
import type { DocumentationMode } from './types';

const text = (value: string) => (value.trim() === '' ? undefined : value);

function truckInput(values: DocumentationFormValues): Record<string, unknown> {
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

/** The truck fields plus the railcar's own; railcar keeps its required texts for an emptied amount or weight. */
function railcarInput(values: DocumentationFormValues): Record<string, unknown> {
  return { ...truckInput(values), waybill: values.waybill, comments: values.comments };
}

export type AdminEditResult = { ok: true; payload: Record<string, unknown> } | { ok: false; errors: FormErrors };

export function checkAdminEdit(values: DocumentationFormValues, mode: DocumentationMode = 'TRUCK'): AdminEditResult {
  const result =
    mode === 'TRUCK'
      ? v.safeParse(AdminTicketEditSchema, truckInput(values))
      : v.safeParse(UpdateRailcarDocumentationSchema, railcarInput(values));
  if (result.success) return { ok: true, payload: result.output as Record<string, unknown> };
  const errors: FormErrors = {};
  for (const [key, messages] of Object.entries(v.flatten(result.issues).nested ?? {})) {
    const first = messages?.[0];
    if (first && !errors[key]) errors[key] = first;
  }
  return { ok: false, errors };
}
