/**
 * Live updates of the signed-in frame: listens to /api/events with
 * the session's token (one stream per signed-in user, closed at sign-out), refetches the ticket data
 * an event touches and shows the 20-second toast naming the trip. It also leaves the texts, in the
 * user's language, and the user's home for the service worker's push notifications, follows a clicked
 * notification to its list, and registers the device for push (PushRegistration).
 */
import { useLingui } from '@lingui/react/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { openEventStream } from '../lib/event-stream';
import {
  OPEN_URL_MESSAGE,
  describeEvent,
  saveLiveSettings,
  type EventTemplates,
  type TicketEvent,
} from '../lib/live-events';
import { noteStreamOpened } from '../lib/first-list';
import { showPushToast } from '../lib/notify';
import { isOwnCreation } from '../lib/own-tickets';
import { isOwnAction } from '../../shared/domain/events';
import { apiFetch } from '../lib/api-client';
import { clearSession, getSession, subscribeSession } from '../lib/session-store';
import { PushRegistration } from './push-registration';
import { documentationKeys, invoiceKeys, ticketKeys } from '../lib/query-keys';

/** The event texts through the catalogue, with the placeholders describeEvent fills in. */
function useEventTemplates(): EventTemplates {
  const { t, i18n } = useLingui();
  const trip = '{trip}';
  const supplier = '{supplier}';
  const carrier = '{carrier}';
  const provider = '{provider}';
  // t follows the active locale; the templates are rebuilt when it changes.
  return useMemo(() => {
    // A truck and a railcar load read the same apart from their title.
    const loaded = { named: t`Trip ID ${trip} loaded by ${supplier}`, plain: t`Trip ID ${trip} loaded` };
    return {
      byTitle: {
        new: {
          title: t`New ticket`,
          named: t`Trip ID ${trip} requested by ${supplier}`,
          plain: t`Trip ID ${trip} requested`,
        },
        confirmed: {
          title: t`Ticket confirmed`,
          named: t`Trip ID ${trip} confirmed by ${carrier}`,
          plain: t`Trip ID ${trip} confirmed`,
        },
        truck: { title: t`Truck loaded`, ...loaded },
        railcar: { title: t`Railcar loaded`, ...loaded },
        invoiced: {
          title: t`Ticket invoiced`,
          named: t`Trip ID ${trip} invoiced by ${provider}`,
          plain: t`Trip ID ${trip} invoiced`,
        },
        customs: {
          title: t`Changed Customs Agent`,
          named: t`Trip ID ${trip}: the customs agent is now ${provider}`,
          plain: t`Trip ID ${trip}: the customs agent changed`,
        },
      },
      unknown: { title: t`Trip ID ${trip}`, body: t`Default message (not specified)`, noTrip: 'Scrap Portal' },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- i18n.locale is what t depends on
  }, [i18n.locale]);
}

/** Lists, counts and the ticket itself; documentation and invoices where the event concerns them. */
export function invalidateForEvent(queryClient: QueryClient, event: TicketEvent): void {
  void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  if (event.title === 'truck' || event.title === 'railcar' || event.title === '')
    void queryClient.invalidateQueries({ queryKey: documentationKeys.all });
  if (event.title === 'invoiced' || event.title === 'customs')
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}

export interface LiveUpdatesProps {
  userId: number;
  /** The user's home list: where a clicked notification leads. */
  home: string;
}

const isSignedIn = () => getSession().token !== null;

export function LiveUpdates({ userId, home }: LiveUpdatesProps) {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn, isSignedIn);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const templates = useEventTemplates();
  const templatesRef = useRef(templates);

  useEffect(() => {
    templatesRef.current = templates;
    saveLiveSettings({ templates, home }).catch(() => {
      // Storage refused: push notifications fall back to the English texts.
    });
  }, [templates, home]);

  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    // One stream per signed-in user; it reads the session's token whenever it (re)connects.
    return openEventStream(() => getSession().token, {
      // A password change (in another tab or device) ended this session: sign out now, not at the next
      // call.
      onSessionEnded: () => clearSession(true),
      // A refused reconnection may be an ended session: one call that shows its status tells, and the
      // api client signs out on its 401.
      onRefused: () => void apiFetch(`/users/${userId}`).catch(() => undefined),
      // Events may have been missed before the stream opened: what was fetched before it was asked for is
      // fetched again. An answer that came after that, and a list still loading, are kept: the server read
      // them while it was setting up the stream, and asking again would download the first screen's list
      // twice on every start (the list's request goes out in the same render as the stream's). The list
      // a home page asked for before the app loaded (lib/first-list.ts) is dated when it was sent, so it
      // is fetched again.
      onOpen: (since) => {
        noteStreamOpened(queryClient);
        void queryClient.invalidateQueries(
          { queryKey: ticketKeys.all, predicate: (query) => query.state.dataUpdatedAt < since },
          { cancelRefetch: false },
        );
      },
      onEvent: (event) => {
        invalidateForEvent(queryClient, event);
        const show = () => {
          const { title, message } = describeEvent(templatesRef.current, event);
          showPushToast({ id: event.eventId === null ? undefined : `ticket-event-${event.eventId}`, title, message });
        };
        // One toast per action: what this user just did was already said by the action's own toast (or
        // the outbox's result toast), so its event only refreshes the lists.
        if (isOwnAction(event, userId)) return;
        // The person who created the ticket already saw its id: no 'New ticket' toast for them.
        if (event.title === 'new' && event.ticketNumber !== null) {
          void isOwnCreation(event.ticketNumber).then((own) => {
            if (!own) show();
          });
        } else show();
      },
    });
  }, [signedIn, userId, queryClient]);

  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (message: MessageEvent) => {
      const data = message.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === OPEN_URL_MESSAGE && typeof data.url === 'string' && data.url.startsWith('/'))
        void navigate(data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);

  return <PushRegistration userId={userId} />;
}
