/**
 * The screen to return to after signing in again. The signed-in frame records the screen on view (path
 * and query) for its user; a session that ends without the user signing out (midnight, a 401, a
 * password changed elsewhere) leaves it, and the next sign-in of the same user goes back there. Signing
 * out on purpose forgets it; another user signing in on the device goes to their own home. A sign-in
 * through single sign-on ends at /token, which wipes the device's storage and reloads the app at /: it
 * keeps the return point across the wipe and reloads at `/?resume=1`, where the home redirect takes it.
 * Decision: src/app/features/auth/decisions/0001-session-end.md.
 */
import type { User } from '../../../shared/schemas/user';

const RETURN_KEY = 'returnTo';

interface ReturnPoint {
  userId: number;
  path: string;
}

export function rememberScreen(userId: number, path: string): void {
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ userId, path } satisfies ReturnPoint));
  } catch {
    // Storage full or refused: the next sign-in lands on the home page, as before.
  }
}

/** The query parameter that asks / to resume the screen a session ended on (see /token). */
export const RESUME_PARAM = 'resume';

/** The stored return point as it is, to keep across a wipe of the device's storage. */
export const storedReturnPoint = (): string | null => localStorage.getItem(RETURN_KEY);

export function restoreReturnPoint(raw: string | null): void {
  if (raw) localStorage.setItem(RETURN_KEY, raw);
}

export function forgetScreen(): void {
  localStorage.removeItem(RETURN_KEY);
}

/** The screen `user` was on when their session ended, once; null for another user or none. */
export function takeScreen(user: User): string | null {
  const path = screenOf(user);
  forgetScreen();
  return path;
}

/**
 * The screen `user` was on when their session ended, left stored: for a render (which may run twice);
 * the screen the user then reaches records itself over it.
 */
export function screenOf(user: User): string | null {
  const raw = localStorage.getItem(RETURN_KEY);
  if (!raw) return null;
  try {
    const point = JSON.parse(raw) as Partial<ReturnPoint>;
    // Only a path inside the signed-in app: never another origin or the sign-in pages.
    if (point.userId !== user.id || typeof point.path !== 'string' || !point.path.startsWith('/dashboard/'))
      return null;
    return point.path;
  } catch {
    return null;
  }
}
