/**
 * The texts the outbox shows: what an item is, and the toasts when the sync sends or the server
 * refuses one — the same success texts the forms show when they send online.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { formatDateTime } from '../../shared/format/display-format';
import { translateError } from '../lib/messages';
import { ERROR_CODES } from '../../shared/errors';
import type { OutboxItem } from './outbox-types';
import { OutboxUnavailableError, OutOfSpaceError } from './storage';

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
          ? formatDateTime(item.summary.withdrawalDate, i18n.locale, { zone: true })
          : '';
      return i18n._(msg`Accept · Trip ID ${id} · pickup ${when}`);
    }
    case 'decline':
      return i18n._(msg`Decline · Trip ID ${id}`);
    case 'pass':
      return i18n._(msg`Pass on the offer · Trip ID ${id}`);
    case 'customs-read':
      return item.summary?.customsRead === false
        ? i18n._(msg`Mark as unread · Trip ID ${id}`)
        : i18n._(msg`Mark as read · Trip ID ${id}`);
  }
}

/**
 * The one result toast of an item the sync delivered: what was done, for which trip, and that it went
 * from the outbox (the user may have queued it hours ago). The live event of the same write shows no
 * toast for its author (shared/domain/events.ts, isOwnAction).
 */
export function sentToast(i18n: I18n, item: OutboxItem): { title?: string; message: string } | null {
  const id = item.ticketId;
  switch (item.kind) {
    case 'documentation': {
      const update = item.draft?.docId !== undefined;
      if (item.draft?.mode === 'RAILCAR')
        return {
          message: update
            ? i18n._(msg`Trip ID ${id}: railcar documentation updated (sent from the outbox).`)
            : i18n._(msg`Trip ID ${id}: railcar documentation loaded (sent from the outbox).`),
        };
      return {
        message: update
          ? i18n._(msg`Trip ID ${id}: truck documentation updated (sent from the outbox).`)
          : i18n._(msg`Trip ID ${id}: truck documentation loaded (sent from the outbox).`),
      };
    }
    case 'accept':
      return { message: i18n._(msg`Trip ID ${id} accepted (sent from the outbox).`) };
    case 'decline':
      return { message: i18n._(msg`Trip ID ${id} declined (sent from the outbox).`) };
    case 'pass':
      return { message: i18n._(msg`You passed on trip ID ${id} (sent from the outbox).`) };
    case 'customs-read':
      // Opening a ticket marks it read: a toast per page an agent looked at offline would bury the rest.
      return null;
  }
}

/** Why an item was refused, in the user's language: its code's text, else the (translated) message. */
export function refusalText(i18n: I18n, message: string | undefined, code?: string): string {
  if (!message && !code) return i18n._(msg`The server refused it.`);
  return translateError(i18n, code, message ?? '');
}

/**
 * Why a refused item was not taken and what to do now. A refusal because the ticket moved on (its
 * status, or another request first) means this copy came too late: say so in the item's own terms and
 * point to the ticket and to discarding the copy, instead of the generic 'reload it', which in Spanish
 * read as 'upload it again'. Other refusals say the server's reason (fixable in the form).
 */
export function refusalExplanation(
  i18n: I18n,
  item: Pick<OutboxItem, 'kind' | 'ticketId' | 'draft'>,
  message: string | undefined,
  code?: string,
): string {
  const id = item.ticketId;
  const movedOn = code === ERROR_CODES.ticketStatus || code === ERROR_CODES.ticketChanged;
  if (movedOn) {
    switch (item.kind) {
      case 'documentation':
        return item.draft?.docId === undefined
          ? i18n._(
              msg`Not saved: trip ID ${id} no longer waits for documentation, so it was probably loaded already (another copy, another device or a colleague). Open the ticket to check its documentation; if it is complete, discard this copy.`,
            )
          : i18n._(
              msg`Not saved: the documentation of trip ID ${id} can no longer be changed in the ticket's current status. Open the ticket to see where it stands, then discard this copy.`,
            );
      case 'accept':
      case 'decline':
        return i18n._(
          msg`Not sent: the offer of trip ID ${id} changed before this answer arrived (answered, reassigned or expired). Look at the ticket in your list, then discard this copy.`,
        );
      case 'customs-read':
        break;
    }
  }
  return refusalText(i18n, message, code);
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

/**
 * The write could not be kept for later, in the user's words: the device is full, or the browser would not
 * store it (a private window) while there is no connection. The form keeps what was typed. False for any
 * other error, which the caller reports.
 */
export function toastNotKept(i18n: I18n, error: unknown): boolean {
  const said =
    error instanceof OutOfSpaceError
      ? {
          title: i18n._(msg`This device is out of storage space`),
          message: i18n._(
            msg`The form could not be kept for sending later. Free some space (old photos, downloads, other apps) and try again; your entries are still in the form.`,
          ),
        }
      : error instanceof OutboxUnavailableError
        ? {
            title: i18n._(msg`This browser cannot keep it for later`),
            message: i18n._(
              msg`There is no connection, and this browser window does not let the portal store the form, as some private windows do. Your entries are still in the form: send it when the connection returns, or open the portal in a normal window.`,
            ),
          }
        : null;
  if (said) notifications.show({ color: 'red', autoClose: false, ...said });
  return said !== null;
}
