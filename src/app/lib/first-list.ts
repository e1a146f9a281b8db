/**
 * The home list the page asked for before the app loaded (the server's page for a home path does, so
 * the answer travels beside the screen's files instead of after them). The app takes that answer as
 * the list's first data, under the key the list screen reads, so the screen renders at once instead of
 * asking again. It is used once, for the user it was asked for, and only when it is a list (a failed
 * answer, offline or a 401, leaves the screen to ask as it always does).
 *
 * Its time is when the page sent the request, not when the answer came: the server read the list then,
 * before the live event stream existed, so the stream's opening fetches the list again (LiveUpdates
 * refetches lists older than the stream; an answer arriving after that opening is marked stale here)
 * and nothing that changed meanwhile is missed. A cold start at a home list therefore downloads the
 * list twice, the second time after the screen has painted it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ticketKeys } from './query-keys';
import { getSession } from './session-store';

export interface FirstList {
  userId: number;
  /** When the page sent the request (ms since the epoch). */
  sentAt: number;
  /** The filters the list screen keys the list by. */
  filters: object;
  /** The list, or null when the request got no usable answer. */
  answer: Promise<unknown>;
}

declare global {
  interface Window {
    __firstList?: FirstList;
  }
}

/** The query caches whose live event stream has opened. */
const streamOpened = new WeakSet<QueryClient>();

/**
 * The live event stream of `queryClient`'s user has opened (LiveUpdates). Its opening fetched again the
 * lists there were then; the page's list arriving after it is marked stale instead, so it is fetched
 * again too.
 */
export function noteStreamOpened(queryClient: QueryClient): void {
  streamOpened.add(queryClient);
}

/** A page of tickets, as GET /tickets answers (not some other JSON a proxy or an older server sent). */
const isTicketPage = (value: unknown) =>
  typeof value === 'object' && value !== null && Array.isArray((value as { tickets?: unknown }).tickets);

/** Puts the page's first list, once it comes, into the query cache for `userId`. */
export function takeFirstList(queryClient: QueryClient, userId: number): Promise<void> {
  const first = window.__firstList;
  window.__firstList = undefined;
  if (!first || first.userId !== userId) return Promise.resolve();
  return first.answer.then(
    (list) => {
      // Signed out, or another user signed in, while the answer travelled: not theirs.
      if (!isTicketPage(list) || getSession().user?.id !== first.userId) return;
      const key = ticketKeys.list(first.filters);
      // A newer answer of the screen's own already there stays.
      if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) >= first.sentAt) return;
      queryClient.setQueryData(key, list, { updatedAt: first.sentAt });
      if (streamOpened.has(queryClient))
        void queryClient.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    },
    () => undefined,
  );
}
