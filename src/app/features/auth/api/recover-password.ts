import { apiFetch } from '../../../lib/api-client';

export interface RecoverInput {
  username: string;
  captcha?: string;
}

/**
 * POST /auth/password: mails a reset link. The app's language goes along, so the mail is written in
 * the language the user reads the portal in.
 */
export function recoverPassword(input: RecoverInput, language?: string): Promise<unknown> {
  return apiFetch<unknown>('/auth/password', {
    method: 'POST',
    // The device's time zone: the mail says until when the link works in the user's own time.
    body: { ...input, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    headers: language ? { 'Accept-Language': language === 'es' ? 'es-MX' : language } : undefined,
    skipUnauthorizedLogout: true,
  });
}
