/**
 * A ticket as every ticket call answers it (GET /tickets, GET /tickets/{id} and the transitions): the
 * one definition of its shape. The types below are read from these schemas; the server's routes declare
 * them as their responses (OpenAPI shows them), and its tests check every answer against them, so a field
 * the read model's SQL writes (db/read-model/read-model.sql) but this file does not name fails there.
 */
import * as v from 'valibot';
import { CARRIER_MODES } from '../domain/roles';
import { ASSIGNMENT_STATUSES, TICKET_STATUSES } from '../domain/ticket-status';
import { AnswerDay, AnswerId, AnswerUtcInstant } from './schema-helpers';

const Id = AnswerId;
const InstantText = AnswerUtcInstant;
const DayText = AnswerDay;

export const CarrierRefSchema = v.strictObject({
  id: Id,
  businessName: v.string(),
  mode: v.picklist(CARRIER_MODES),
});
export type CarrierRef = v.InferOutput<typeof CarrierRefSchema>;

export const TicketAssignmentSchema = v.strictObject({
  id: Id,
  status: v.strictObject({ name: v.picklist(ASSIGNMENT_STATUSES) }),
  carrier: CarrierRefSchema,
  reason: v.nullable(v.string()),
  manual: v.boolean(),
  /** When the offer was made. */
  createdAt: InstantText,
  /** When it was answered or closed (accepted, declined, passed on, expired, withdrawn); null while it waits. */
  respondedAt: v.nullable(InstantText),
});
export type TicketAssignment = v.InferOutput<typeof TicketAssignmentSchema>;

const DocumentationSummarySchema = v.strictObject({
  id: Id,
  invoiceNumber: v.string(),
  carEquipment: v.string(),
});
export type DocumentationSummary = v.InferOutput<typeof DocumentationSummarySchema>;

export const TicketViewSchema = v.strictObject({
  id: Id,
  createAt: InstantText,
  status: v.strictObject({ name: v.picklist(TICKET_STATUSES) }),
  supplier: v.strictObject({ id: Id, businessName: v.string() }),
  carrier: v.nullable(CarrierRefSchema),
  ticketAssignments: v.array(TicketAssignmentSchema),
  origin: v.strictObject({
    id: Id,
    name: v.string(),
    address: v.string(),
    city: v.string(),
    /** GeoJSON order: [longitude, latitude]. */
    location: v.strictObject({ type: v.literal('Point'), coordinates: v.tuple([v.number(), v.number()]) }),
    borderCrossingId: v.nullable(Id),
  }),
  destination: v.nullable(v.strictObject({ id: Id, name: v.string() })),
  withdrawalDate: v.nullable(InstantText),
  timezone: v.nullable(v.number()),
  comments: v.nullable(v.string()),
  invoice: v.nullable(
    v.strictObject({
      id: Id,
      number: v.string(),
      date: DayText,
      borderCrossingId: Id,
      paymentDate: v.nullable(DayText),
      sapValidationStatus: v.string(),
    }),
  ),
  truckDocumentation: v.nullable(DocumentationSummarySchema),
  railcarDocumentation: v.nullable(DocumentationSummarySchema),
  customsRead: v.boolean(),
  /** The net weight (lbs) the destination's scale recorded; null until it is entered. */
  destinationNetWeight: v.nullable(v.number()),
  rpa: v.nullable(v.strictObject({ id: Id })),
});
export type TicketView = v.InferOutput<typeof TicketViewSchema>;

/** GET /tickets. */
export const TicketPageSchema = v.strictObject({ tickets: v.array(TicketViewSchema), count: v.number() });
export type TicketPage = v.InferOutput<typeof TicketPageSchema>;

/** GET /tickets/count/states: one row per stored status. */
export const StatusCountSchema = v.strictObject({
  status: v.picklist(TICKET_STATUSES),
  total: v.number(),
  oldestCount: v.number(),
});
export type StatusCount = v.InferOutput<typeof StatusCountSchema>;

/** GET /tickets/count/carrier: each carrier's offers and confirmed offers of the last 30 and 7 days. */
const OffersInWindow = v.strictObject({ total: v.number(), confirmed: v.number() });
export const CarrierServiceLevelSchema = v.strictObject({
  ...CarrierRefSchema.entries,
  lastMonth: OffersInWindow,
  lastWeek: OffersInWindow,
});
export type CarrierServiceLevel = v.InferOutput<typeof CarrierServiceLevelSchema>;
