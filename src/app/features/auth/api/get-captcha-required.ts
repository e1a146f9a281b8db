import type { CaptchaRequiredAnswer } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /auth/captcha/required: whether the next sign-in from this device's address (and for `username`,
 * when given) must carry a solved captcha, so the form can show the widget before a refusal.
 */
export async function getCaptchaRequired(username?: string): Promise<boolean> {
  const answer = await apiFetch<CaptchaRequiredAnswer>('/auth/captcha/required', {
    query: username ? { username } : undefined,
    skipUnauthorizedLogout: true,
  });
  return answer.captchaRequired === true;
}
