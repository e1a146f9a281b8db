/**
 * A carrier's equipment register (carrier /vehicles, POST and PUT /vehicles). The equipment id follows
 * the documentation forms' car/equipment rule (at least 6 letters or digits, nothing else) and is
 * unique per carrier regardless of case; a plate or a description says which unit it is; capacity in
 * lbs with at most 2 decimals. The kind (truck or railcar) is the carrier's mode.
 */
import * as v from 'valibot';
import { hasAtMostTwoDecimals } from '../domain/money';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { AnswerId, objectMessage, queryInteger } from './schema-helpers';
import { CARRIER_MODES } from '../domain/roles';

export const EQUIPMENT_ID = /^[A-Za-z0-9]{6,30}$/;
export const MAX_CAPACITY_LBS = 10_000_000;

const optionalText = (max: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.maxLength(max, message),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );

export const VehicleSchema = v.pipe(
  v.object(
    {
      equipmentId: v.pipe(
        v.string(M.equipmentRequired),
        v.trim(),
        v.nonEmpty(M.equipmentRequired),
        v.regex(EQUIPMENT_ID, M.equipmentFormat),
        v.toUpperCase(),
      ),
      plate: optionalText(20, M.plate),
      description: optionalText(200, M.vehicleDescription),
      capacityLbs: v.pipe(
        v.number(M.capacity),
        v.gtValue(0, M.capacity),
        v.maxValue(MAX_CAPACITY_LBS, M.capacity),
        v.check(hasAtMostTwoDecimals, M.capacity),
      ),
      active: v.optional(v.boolean(M.active), true),
    },
    objectMessage(M.body),
  ),
  v.forward(
    v.check((x) => x.plate !== null || x.description !== null, M.plateOrDescription),
    ['plate'],
  ),
);
export type VehicleInput = v.InferOutput<typeof VehicleSchema>;
export const VehicleBodySchema = v.object({ vehicle: VehicleSchema }, objectMessage(M.body));

export const VehicleQuerySchema = v.object({
  page: v.optional(queryInteger(M.page, 1, 1_000_000), 1),
  limit: v.optional(queryInteger(M.limit, 1, 1000), 10),
  equipmentId: v.optional(v.pipe(v.string(M.search), v.trim(), v.maxLength(100, M.search))),
  active: v.optional(v.picklist(['true', 'false'], M.active)),
});
export type VehicleQuery = v.InferOutput<typeof VehicleQuerySchema>;

export const EquipmentSuggestionQuerySchema = v.object({ ticketId: queryInteger(M.id, 1) });

export const VehicleViewSchema = v.strictObject({
  id: AnswerId,
  carrierId: AnswerId,
  kind: v.picklist(CARRIER_MODES),
  equipmentId: v.string(),
  plate: v.nullable(v.string()),
  description: v.nullable(v.string()),
  capacityLbs: v.number(),
  active: v.boolean(),
});
export type VehicleView = v.InferOutput<typeof VehicleViewSchema>;
