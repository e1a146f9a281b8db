/// <reference lib="webworker" />
/**
 * Push notifications in the service worker. FCM delivers the server's message
 * (plugins/push.ts) as `{notification: {title, body}, data: {title, ticketNumber, supplierName,
 * carrierName}, ...}`; this shows it with the texts the app left in the user's language (English
 * defaults otherwise), an unknown title with the spec's default message. Every push shows a notification
 * (browsers require one); its tag keeps one per ticket and title. A click focuses an open tab and sends
 * it to the user's list narrowed to the ticket, or opens the app there.
 */
import {
  DEFAULT_TEMPLATES,
  OPEN_URL_MESSAGE,
  describeEvent,
  eventFromPush,
  listUrlFor,
  readLiveSettings,
  type TicketEvent,
} from '../lib/live-events';

declare let self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

function readPayload(data: PushMessageData | null): unknown {
  if (!data) return null;
  try {
    return data.json();
  } catch {
    return null;
  }
}

async function showTicketNotification(payload: unknown): Promise<void> {
  const settings = await readLiveSettings();
  const event: TicketEvent = eventFromPush(payload) ?? {
    eventId: null,
    title: '',
    ticketNumber: null,
    supplierName: null,
    carrierName: null,
    providerName: null,
    actorId: null,
  };
  const { title, message } = describeEvent(settings?.templates ?? DEFAULT_TEMPLATES, event);
  await self.registration.showNotification(title, {
    body: message,
    icon: ICON,
    tag: `ticket-${event.ticketNumber ?? 'none'}-${event.title}`,
    data: { url: listUrlFor(settings?.home ?? '/', event) },
  });
}

self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(showTicketNotification(readPayload(event.data)));
});

async function openList(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => client.focused) ?? windows[0];
  if (tab) {
    await tab.focus();
    tab.postMessage({ type: OPEN_URL_MESSAGE, url });
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(openList(url));
});
