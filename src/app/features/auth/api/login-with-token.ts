import { msUntilLocalMidnight } from '../../../../shared/schemas/auth';
import type { AuthResponse } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

/** POST /auth/login/token: the silent login on startup, with the stored bearer token. */
export function loginWithToken(): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/auth/login/token', { method: 'POST', body: { expiresIn: msUntilLocalMidnight() } });
}
