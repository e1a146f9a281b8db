/**
 * Validation texts of the ticket payloads. Required fields use the spec's literal 'Campo obligatorio'
 * (messages.ts); the spec gives no text for the others, so these are plain English that the client
 * translates by their exact wording, like the spec's own texts.
 */
import { MSG } from './messages';

export const TICKET_MSG = {
  required: MSG.required,
  body: 'Expected a body of the form {"ticket": {...}}',
  ticket: 'Expected a ticket object',
  count: 'Count must be a whole number from 1 to 10',
  depot: 'Origin depot must be a valid id',
  comments: 'Comments must be at most 500 characters',
  reason: 'Reason must be at most 500 characters',
  withdrawalDate: 'Withdrawal date must be an ISO 8601 date and time with its time zone',
  timezone: 'Timezone must be whole minutes from -840 to 720',
  carrier: 'Carrier must be a valid id',
  updateStatus: 'Status can only be set to MX_TRANSIT or DELIVERED',
  customsRead: 'customsRead must be true or false',
  nothingToUpdate: 'Nothing to update',
  query: 'Expected query parameters',
  statusName: 'Unknown status',
  page: 'page must be a whole number of at least 1',
  limit: 'limit must be a whole number from 1 to 30000',
  id: 'Must be a whole number of at least 1',
  ids: 'Must be whole numbers of at least 1',
  search: 'Search text must be at most 100 characters',
  carrierMode: 'carrierMode must be TRUCK or RAILCAR',
  orderBy: 'orderBy must be ASC or DESC',
  beforeDate: 'beforeDate must be an ISO 8601 date or date and time',
  flag: 'Must be true or false',
} as const;
