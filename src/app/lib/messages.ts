/**
 * The spec's exact English validation and error texts (src/shared/schemas/messages.ts, and the
 * server's `message` / `details`) mapped to catalogue entries, so forms and server answers show them in
 * the user's language. A text not in the map is shown as it came.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { MSG } from '../../shared/schemas/messages';

const KNOWN: Record<string, MessageDescriptor> = {
  [MSG.required]: msg`This field is required`,
  [MSG.usernameRequired]: msg`Username is a required field`,
  [MSG.passwordRequired]: msg`Password is a required field`,
  [MSG.passwordMin]: msg`Mininum characters is at least 8`,
  [MSG.passwordMismatch]: msg`The password do not match`,
  [MSG.incorrectLogin]: msg`Incorrect user or password`,
  [MSG.captchaRequired]: msg`Solve the captcha to continue`,
  'captcha required': msg`Solve the captcha to continue`,
  'not available': msg`This function is not available yet`,
  'User not found': msg`User not found`,
};

export function translateMessage(i18n: I18n, text: string): string {
  const descriptor = KNOWN[text];
  return descriptor ? i18n._(descriptor) : text;
}

/** `tm(text)` translates a known English text; non-strings (React nodes, undefined) pass through. */
export function useMessageTranslator(): <T>(text: T) => T | string {
  const { i18n } = useLingui();
  return useCallback(<T,>(text: T): T | string => (typeof text === 'string' ? translateMessage(i18n, text) : text), [i18n]);
}
