/**
 * The signed-in session (token + user) lives in localStorage so that the app reopens signed in, even
 * with the network off. This store is the single source of truth: the api client
 * reads the token from it and clears it on a 401; the auth context subscribes to it.
 */
import type { User } from '../../shared/schemas/user';

// The server's page for a home list reads these two keys too, to ask for the list before the app has
// loaded (src/server/http/route-pages.ts).
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string | null;
  user: User | null;
  /** The server ended the session (a 401, a password change elsewhere): the login page says so. */
  ended?: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<User>;
  return typeof candidate.id === 'number' && Array.isArray(candidate.roles) && typeof candidate.userDetail === 'object';
}

function read(): Session {
  const token = localStorage.getItem(TOKEN_KEY);
  return { token, user: token ? readUser() : null };
}

let current: Session = read();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function getToken(): string | null {
  return current.token;
}

export function setSession(token: string, user: User | null): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
  current = { token, user };
  emit();
}

/**
 * Signs out on this device. `ended`: the server ended the session rather than the user; the login page
 * then tells the user why they are there.
 */
export function clearSession(ended = false): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  if (current.token === null && current.user === null) return;
  current = { token: null, user: null, ended };
  emit();
}

/** Re-reads localStorage (another tab signed in or out, or a test prepared the storage). */
export function reloadSession(): void {
  current = read();
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
