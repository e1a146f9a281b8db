/**
 * The texts the outbox shows: what an item is, and the toasts when the sync sends or the server
 * refuses one — the same success texts the forms show when they send online.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { dayjs } from '../lib/dayjs';
import { translateError } from '../lib/messages';
import type { OutboxItem } from './outbox-types';

export function itemTitle(i18n: I18n, item: OutboxItem): string {
  const id = item.ticketId;
  switch (item.kind) {
    case 'documentation': {
      const mode = item.draft?.mode ?? 'TRUCK';
      const update = item.draft?.docId !== undefined;
      if (mode === 'RAILCAR')
        return update
          ? i18n._(msg`Railcar documentation update · Trip ID ${id}`)
          : i18n._(msg`Railcar documentation · Trip ID ${id}`);
      return update
        ? i18n._(msg`Truck documentation update · Trip ID ${id}`)
        : i18n._(msg`Truck documentation · Trip ID ${id}`);
    }
    case 'accept': {
      const when =
        typeof item.summary?.withdrawalDate === 'string'
          ? dayjs(item.summary.withdrawalDate).format('MMM DD, hh:mm a')
          : '';
      return i18n._(msg`Accept · Trip ID ${id} · pickup ${when}`);
    }
    case 'decline':
      return i18n._(msg`Decline · Trip ID ${id}`);
    case 'customs-read':
      return item.summary?.customsRead === false
        ? i18n._(msg`Mark as unread · Trip ID ${id}`)
        : i18n._(msg`Mark as read · Trip ID ${id}`);
  }
}

/** The success toast of the online path, for an item the sync delivered. */
export function sentToast(i18n: I18n, item: OutboxItem): { title?: string; message: string } | null {
  const ticketId = item.ticketId;
  switch (item.kind) {
    case 'documentation': {
      const update = item.draft?.docId !== undefined;
      if (item.draft?.mode === 'RAILCAR') {
        return {
          message: update
            ? i18n._(msg`Railcar ID: ${ticketId} successful update`)
            : i18n._(msg`Railcar ID ${ticketId}: railcar documentation created successfully`),
        };
      }
      return {
        title: i18n._(msg`Truck ID ${ticketId}`),
        message: update
          ? i18n._(msg`Truck documentation updated successfully`)
          : i18n._(msg`Truck documentation created successfully`),
      };
    }
    case 'accept':
      return { message: i18n._(msg`Trip ID ${ticketId} accepted (sent from the outbox).`) };
    case 'decline':
      return { message: i18n._(msg`Trip ID ${ticketId} declined (sent from the outbox).`) };
    case 'customs-read':
      return null;
  }
}

/** Why an item was refused, in the user's language: its code's text, else the (translated) message. */
export function refusalText(i18n: I18n, message: string | undefined, code?: string): string {
  if (!message && !code) return i18n._(msg`The server refused it.`);
  return translateError(i18n, code, message ?? '');
}

/** A write could not be sent now and waits in the outbox. */
export function toastQueued(i18n: I18n, reason: 'offline' | 'busy', title?: string): void {
  notifications.show({
    color: 'orange',
    title,
    autoClose: 8000,
    message:
      reason === 'busy'
        ? i18n._(msg`Saved in the outbox: it is sent right after the uploads in progress.`)
        : i18n._(msg`No connection: saved in the outbox on this device. It is sent when the connection returns.`),
  });
}

/** QuotaExceededError while queueing: the write was not kept. */
export function toastOutOfSpace(i18n: I18n): void {
  notifications.show({
    color: 'red',
    autoClose: false,
    title: i18n._(msg`This device is out of storage space`),
    message: i18n._(
      msg`The form could not be kept for sending later. Free some space (old photos, downloads, other apps) and try again; your entries are still in the form.`,
    ),
  });
}
