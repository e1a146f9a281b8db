/**
 * The first request of a home screen's ticket list, as the page can make it before the app has loaded.
 *
 * A signed-in phone opening its list cold asked for the list only once every module of the screen had
 * arrived and rendered: on a slow connection the answer's round trip came after seconds of downloads,
 * and nothing was painted until it did. The page the server sends for a home path asks for the list
 * itself, beside those downloads, and the app takes the answer as the list's first data
 * (src/server/http/route-pages.ts, src/app/lib/first-list.ts).
 *
 * Both halves must agree with the list screen exactly: the request must be the one the screen makes
 * with no filter chosen, and the filters must be the object the screen keys that list's data by. A
 * test compares them with each home screen's own configuration.
 */
import { buildQuery } from '../query-string';
import type { CarrierMode, Role } from './roles';
import type { TicketStatus } from './ticket-status';
import { TICKET_LIST_DEFAULTS, type TicketList } from './role-views';

/** Which list a home path shows and the roles whose home it is (another role is sent elsewhere). */
export interface HomeList {
  list: TicketList;
  roles: readonly Role[];
}

export interface FirstListRequest {
  /** GET /api/tickets with the list's default filters, as the app's API client writes it. */
  url: string;
  /** The filters as the list screen holds them with nothing chosen (the key of its data). */
  filters: {
    statusName: TicketStatus[];
    page: number;
    limit: number;
    carrierId: number[];
    carrierMode: CarrierMode[];
    destinationId: number[];
    orderBy: 'DESC';
  };
}

export function firstListRequest(list: TicketList): FirstListRequest {
  const { statuses, limit } = TICKET_LIST_DEFAULTS[list];
  const filters: FirstListRequest['filters'] = {
    statusName: [...statuses],
    page: 1,
    limit,
    carrierId: [],
    carrierMode: [],
    destinationId: [],
    orderBy: 'DESC',
  };
  return { url: `/api/tickets${buildQuery(filters)}`, filters };
}
