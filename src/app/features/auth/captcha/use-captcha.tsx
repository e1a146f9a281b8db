import { useState, type ReactNode } from 'react';
import { ERROR_CODES } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api-client';
import { CaptchaField } from './captcha-field';

/** True when the server's answer asks for a (new) captcha solution. */
export function captchaRequested(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body: Record<string, unknown> | null = error.body ? { ...error.body } : null;
  return body?.captchaRequired === true || error.status === 428 || body?.code === ERROR_CODES.captchaRequired;
}

export interface CaptchaGate {
  /** The widget with its explanation, once the server asked for a captcha; null before. */
  field: ReactNode;
  /** The solved payload to send as `captcha`; undefined when none is asked for or not solved yet. */
  payload: string | undefined;
  /** True while a captcha is asked for and not solved: the form's button stays disabled. */
  blocked: boolean;
  /** Feed every refused answer in: one asking for a captcha shows the widget, fresh (a solution is single use). */
  onRefused: (error: unknown) => void;
  /** The server said ahead of a try that the next one needs a captcha: show the widget (once). */
  require: () => void;
}

/** The captcha of the sign-in and recover forms: shown only when the server asks for one. */
export function useCaptchaGate(explanation: string): CaptchaGate {
  const [round, setRound] = useState(0);
  const [payload, setPayload] = useState<string | null>(null);
  return {
    field: round > 0 ? <CaptchaField key={round} onChange={setPayload} explanation={explanation} /> : null,
    payload: round > 0 ? (payload ?? undefined) : undefined,
    blocked: round > 0 && !payload,
    onRefused: (error) => {
      if (!captchaRequested(error)) return;
      setPayload(null);
      setRound((n) => n + 1);
    },
    // A widget already on screen keeps its solution: asking again must not throw away a solved check.
    require: () => setRound((n) => (n === 0 ? 1 : n)),
  };
}
