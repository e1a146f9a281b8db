/**
 * Tickets this browser just created for its user. The server announces every new ticket to the
 * supplier's users too (their lists refresh), but the person who pressed 'Create' already saw the new
 * ids: their 'New ticket' toast is left out, in every tab of this browser (localStorage is shared).
 * An event may arrive while the creating request is still being answered, so the check waits for
 * creations in flight first.
 */
const KEY = 'portal-own-tickets';
/** Long enough for a delayed event; short enough that the list stays small. */
const KEEP_MS = 60 * 60 * 1000;
const MAX = 200;

interface Entry {
  id: number;
  at: number;
}

let inFlight: Promise<unknown>[] = [];

function read(): Entry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? (value as Entry[]).filter((e) => typeof e?.id === 'number' && typeof e.at === 'number')
      : [];
  } catch {
    return [];
  }
}

function remember(ids: readonly number[], now = Date.now()): void {
  const kept = read().filter((entry) => now - entry.at < KEEP_MS);
  const next = [...kept, ...ids.map((id) => ({ id, at: now }))].slice(-MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the user may see a toast for their own ticket, nothing worse.
  }
}

/** Runs a ticket creation and remembers the ids it answers. */
export async function trackCreation<T extends { id: number }>(create: Promise<T[]>): Promise<T[]> {
  inFlight = [...inFlight, create];
  try {
    const created = await create;
    remember(created.map((ticket) => ticket.id));
    return created;
  } finally {
    inFlight = inFlight.filter((promise) => promise !== create);
  }
}

/** Whether this browser created the ticket, once the creations now in flight have answered. */
export async function isOwnCreation(id: number): Promise<boolean> {
  await Promise.allSettled(inFlight);
  return read().some((entry) => entry.id === id && Date.now() - entry.at < KEEP_MS);
}
