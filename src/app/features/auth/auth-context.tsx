/**
 * Who is signed in. The session itself lives in lib/session-store (localStorage); this context adds
 * the sign-in and sign-out actions and the silent login on startup:
 * success refreshes token and user; a network error keeps the stored session (offline start);
 * any answered failure logs out.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { User } from '../../../shared/schemas/user';
import { apiFetch, NetworkError } from '../../lib/api-client';
import { dropDevice, forgetDevice } from '../../lib/firebase';
import { clearSession, getSession, reloadSession, setSession, subscribeSession } from '../../lib/session-store';
import type { LoginCredentials } from './api/login';
import { forgetScreen } from './return-to';

/** `checking`: a token without a known user is being verified; guards wait instead of redirecting. */
export type AuthStatus = 'signed-in' | 'signed-out' | 'checking';

export interface AuthContextValue {
  user: User | null;
  token: string | null;
  status: AuthStatus;
  /** Signs in; resolves with the user or rejects with ApiError / NetworkError. */
  login: (credentials: LoginCredentials) => Promise<User>;
  /** Clears token, user and cached data. Route guards then send the user to /login. */
  logout: () => void;
  /** Re-validates the stored token (runs once on startup). */
  silentLogin: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

let pendingSilentLogin: Promise<void> | null = null;

/** One silent login at a time (StrictMode runs effects twice; callers may overlap). */
function startSilentLogin(): Promise<void> {
  pendingSilentLogin ??= runSilentLogin().finally(() => {
    pendingSilentLogin = null;
  });
  return pendingSilentLogin;
}

async function runSilentLogin(): Promise<void> {
  if (!getSession().token) return;
  try {
    // The calls and their schemas (valibot) load when used: the first screen does without them.
    const { loginWithToken } = await import('./api/login-with-token');
    const { token, user } = await loginWithToken();
    setSession(token, user);
  } catch (error) {
    if (!(error instanceof NetworkError)) clearSession(true);
  }
}

/**
 * Signing out ends the session on the server too (POST /auth/logout), so a copy of its token (a shared
 * phone's storage, a log) no longer works. Sent with the token about to be cleared, without waiting:
 * offline the sign-out still happens on the device, and the token expires by itself at midnight.
 */
function endSessionOnServer(): void {
  const { token } = getSession();
  if (!token) return;
  void apiFetch<unknown>('/auth/logout', { method: 'POST', body: {}, token, skipUnauthorizedLogout: true }).catch(
    () => undefined,
  );
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState(() => session.token !== null);

  const silentLogin = useCallback(async () => {
    setVerifying(true);
    await startSilentLogin();
    setVerifying(false);
  }, []);

  // Once on startup: the guards wait while a token without a known user is being checked.
  useEffect(() => {
    let live = true;
    void startSilentLogin().finally(() => {
      if (live) setVerifying(false);
    });
    return () => {
      live = false;
    };
  }, []);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'token' || event.key === 'user') reloadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Whatever ended the session (logout, a 401 anywhere), cached data of that user must go.
  useEffect(() => {
    if (session.token) return;
    queryClient.clear();
    // A session that ended without the sign-out button (expired, refused) still takes push away.
    dropDevice();
  }, [session.token, queryClient]);

  const login = useCallback(async (credentials: LoginCredentials) => {
    const { login: loginCall } = await import('./api/login');
    const { token, user } = await loginCall(credentials);
    setSession(token, user);
    return user;
  }, []);

  // The device's push token goes first: its removal is sent with the session that is about to end.
  const logout = useCallback(() => {
    forgetDevice();
    endSessionOnServer();
    // Signing out on purpose: the next sign-in starts at the home page.
    forgetScreen();
    clearSession();
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const status: AuthStatus = session.user ? 'signed-in' : session.token && verifying ? 'checking' : 'signed-out';
    return { user: session.user, token: session.token, status, login, logout, silentLogin };
  }, [session, verifying, login, logout, silentLogin]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
