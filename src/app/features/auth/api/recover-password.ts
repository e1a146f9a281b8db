import { apiFetch } from '../../../lib/api-client';

export interface RecoverInput {
  username: string;
  captcha?: string;
}

/** POST /auth/password: mails a reset link. */
export function recoverPassword(input: RecoverInput): Promise<unknown> {
  return apiFetch<unknown>('/auth/password', { method: 'POST', body: input, skipUnauthorizedLogout: true });
}
