import { apiFetch } from '../../../lib/api-client';

/** PUT /users/{id}/firebaseToken: registers this device for push after login. */
export function registerPushToken(userId: number, token: string): Promise<unknown> {
  return apiFetch<unknown>(`/users/${userId}/firebaseToken`, { method: 'PUT', body: { token } });
}

/** PUT /users/{id}/firebaseToken/remove: unregisters this device (on logout). */
export function removePushToken(userId: number, token: string): Promise<unknown> {
  return apiFetch<unknown>(`/users/${userId}/firebaseToken/remove`, { method: 'PUT', body: { token } });
}
