/**
 * Depot master (admin /depotsabm, POST /depots). The form reads latitude and longitude as typed numbers
 * (NUMBER_RULES.coordinate: signed, at most 8 decimals, never grouped) and sends a GeoJSON point of
 * numbers, `[longitude, latitude]`; the server checks the point by the same rule, so a coordinate with
 * more decimals is refused rather than rounded where it is stored.
 */
import * as v from 'valibot';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { hasAtMostDecimals, NUMBER_RULES } from '../domain/number-text';
import { AnswerId, bodyId, objectMessage, queryInteger } from './schema-helpers';

const id = bodyId;
const text = (message: string) =>
  v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.minLength(3, message), v.maxLength(100, message));

export const CreateDepotSchema = v.object(
  {
    supplierId: id(M.supplier),
    city: text(M.city),
    address: text(M.address),
    location: v.object(
      {
        type: v.literal('Point', M.location),
        // Strict: a point has exactly two numbers; extra ones were dropped and the depot created.
        coordinates: v.strictTuple(
          [
            v.pipe(
              v.number(M.longitude),
              v.finite(M.longitude),
              v.minValue(-180, M.longitude),
              v.maxValue(180, M.longitude),
              v.check((n) => hasAtMostDecimals(n, NUMBER_RULES.coordinate.decimals), M.longitude),
            ),
            v.pipe(
              v.number(M.latitude),
              v.finite(M.latitude),
              v.minValue(-90, M.latitude),
              v.maxValue(90, M.latitude),
              v.check((n) => hasAtMostDecimals(n, NUMBER_RULES.coordinate.decimals), M.latitude),
            ),
          ],
          M.location,
        ),
      },
      objectMessage(M.location, M.location),
    ),
    description: v.optional(
      v.nullable(
        v.pipe(
          v.string(M.depotDescription),
          v.trim(),
          v.maxLength(200, M.depotDescription),
          v.transform((s) => (s === '' ? null : s)),
        ),
      ),
      null,
    ),
    borderCrossingId: id(M.borderCrossing),
  },
  objectMessage(M.body),
);
export type CreateDepotInput = v.InferOutput<typeof CreateDepotSchema>;
export const CreateDepotBodySchema = v.object({ depot: CreateDepotSchema }, objectMessage(M.body));

export const DepotFilterQuerySchema = v.object({
  page: v.optional(queryInteger(M.page, 1, 1_000_000), 1),
  limit: v.optional(queryInteger(M.limit, 1, 1000), 10),
  supplierId: v.optional(queryInteger(M.id, 1)),
  city: v.optional(v.pipe(v.string(M.search), v.trim(), v.maxLength(100, M.search))),
});
export type DepotFilterQuery = v.InferOutput<typeof DepotFilterQuerySchema>;

const PointSchema = v.strictObject({ type: v.literal('Point'), coordinates: v.tuple([v.number(), v.number()]) });

/** GET /depots, /depots/all: a yard as the forms and filters list it. */
export const DepotListItemSchema = v.strictObject({
  id: AnswerId,
  supplierId: v.nullable(AnswerId),
  name: v.string(),
  city: v.string(),
  address: v.string(),
  location: PointSchema,
  description: v.nullable(v.string()),
  borderCrossingId: v.nullable(AnswerId),
});

export const DepotViewSchema = v.strictObject({
  ...DepotListItemSchema.entries,
  supplier: v.nullable(v.strictObject({ id: AnswerId, businessName: v.string() })),
  borderCrossing: v.nullable(v.strictObject({ id: AnswerId, description: v.string() })),
});
export type DepotView = v.InferOutput<typeof DepotViewSchema>;

/** The maps service at a point (latitude, longitude), opened from a depot's or an origin's location. */
export const mapsUrl = (latitude: number, longitude: number) =>
  `https://www.google.com/maps?q=${latitude},${longitude}`;
