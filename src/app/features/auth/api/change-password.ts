import { apiFetch } from '../../../lib/api-client';

/** PUT /auth/password, authorised by the reset token from the mailed link. A 401 means it expired. */
export function changePassword(password: string, token: string): Promise<unknown> {
  return apiFetch<unknown>('/auth/password', {
    method: 'PUT',
    body: { password, token },
    token,
    skipUnauthorizedLogout: true,
  });
}
