/**
 * How long the outbox has held its oldest item. Something that waits for long is at risk: the phone may be
 * lost or reset, and a browser that did not agree to keep the outbox (storage.ts) may clear it after
 * days without use. The outbox shows the age, and the home warns once it passes OUTBOX_WAIT_WARNING_MS.
 */
import { intlLocale } from '../lib/locale-format';
import type { OutboxItem } from './outbox-types';

/** 12 h: a shift. What was queued in the morning and still waits at night needs the user's attention. */
export const OUTBOX_WAIT_WARNING_MS = 12 * 60 * 60 * 1000;

/** When the oldest item was queued (ms since epoch), refused items included; null when nothing waits. */
export function oldestQueuedAt(items: readonly Pick<OutboxItem, 'queuedAt'>[]): number | null {
  let oldest: number | null = null;
  for (const item of items) {
    const at = Date.parse(item.queuedAt);
    if (Number.isFinite(at) && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * A wait in the user's language, in its largest whole unit: '45 minutes', '3 hours', '2 days' ('45
 * minutos', '3 horas', '2 días'). Under a minute reads as 1 minute: something is waiting.
 */
export function formatWait(ms: number, appLocale: string): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(intlLocale(appLocale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** What the home warns about at `now`: the items waiting longer than OUTBOX_WAIT_WARNING_MS, or null. */
export function lateInOutbox(
  items: readonly Pick<OutboxItem, 'queuedAt'>[],
  now: number,
): { late: number; oldest: number } | null {
  const oldest = oldestQueuedAt(items);
  if (oldest === null || now - oldest < OUTBOX_WAIT_WARNING_MS) return null;
  const late = items.filter((item) => now - Date.parse(item.queuedAt) >= OUTBOX_WAIT_WARNING_MS).length;
  return { late, oldest };
}
