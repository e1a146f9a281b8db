import { msUntilLocalMidnight } from '../../../../shared/schemas/auth';
import type { AuthResponse } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

export interface LoginCredentials {
  username: string;
  password: string;
  captcha?: string;
}

/** POST /auth/login. A 401 here means wrong credentials, not an expired session. */
export function login(credentials: LoginCredentials): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/auth/login', {
    method: 'POST',
    body: { ...credentials, expiresIn: msUntilLocalMidnight() },
    skipUnauthorizedLogout: true,
  });
}
