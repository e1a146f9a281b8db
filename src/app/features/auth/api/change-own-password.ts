import { msUntilLocalMidnight } from '../../../../shared/schemas/auth';
import type { AuthResponse } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

/**
 * PUT /auth/password/own: the signed-in user's own change. Every other session ends; the answer holds
 * the token that keeps this one going. A wrong current password answers 422, not 401.
 */
export function changeOwnPassword(currentPassword: string, password: string): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/auth/password/own', {
    method: 'PUT',
    body: { currentPassword, password, expiresIn: msUntilLocalMidnight() },
  });
}
