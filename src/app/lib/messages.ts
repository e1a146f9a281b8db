/**
 * The spec's exact English validation and error texts (src/shared/schemas/messages.ts, and the
 * server's `message` / `details`) mapped to catalogue entries, so forms and server answers show them in
 * the user's language. A text not in the map is shown as it came.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { WITHDRAWAL_MESSAGES } from '../../shared/domain/withdrawal';
import { MSG } from '../../shared/schemas/messages';
import { TICKET_MSG } from '../../shared/schemas/ticket-messages';

/** The spec's literal ticket toasts (spec section 8); shown through the map below in either language. */
export const TICKET_TOASTS = {
  listError: 'Error al obtener las solicitudes',
  declineError: 'Error al rechazar la solicitud',
  manualError: 'Error al cambiar el carrier',
  manualSuccess: 'Carrier asignado con éxito',
  carriersError: 'Error al obtener los carriers',
  destinationsError: 'Error al obtener los destinos',
  countsError: 'Error al obtener la cantidad de tickets por estado',
  createError: 'Error al crear un ticket',
  ticketError: 'Error retrieving ticket',
} as const;

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
  'No connection to the server': msg`No connection to the server. Check your network and try again.`,
  [TICKET_TOASTS.listError]: msg`Error retrieving the requests`,
  [TICKET_TOASTS.declineError]: msg`Error declining the request`,
  [TICKET_TOASTS.manualError]: msg`Error changing the carrier`,
  [TICKET_TOASTS.manualSuccess]: msg`Carrier assigned successfully`,
  [TICKET_TOASTS.carriersError]: msg`Error retrieving the carriers`,
  [TICKET_TOASTS.destinationsError]: msg`Error retrieving the destinations`,
  [TICKET_TOASTS.countsError]: msg`Error retrieving the ticket count per status`,
  [TICKET_TOASTS.createError]: msg`Error creating a ticket`,
  [TICKET_TOASTS.ticketError]: msg`Error retrieving ticket`,
  [TICKET_MSG.count]: msg`Count must be a whole number from 1 to 10`,
  [TICKET_MSG.depot]: msg`Origin depot must be a valid id`,
  [TICKET_MSG.comments]: msg`Comments must be at most 500 characters`,
  [TICKET_MSG.reason]: msg`Reason must be at most 500 characters`,
  [TICKET_MSG.carrier]: msg`Carrier must be a valid id`,
  [WITHDRAWAL_MESSAGES.anticipation]: msg`Minimum 30 minutes anticipation`,
  [WITHDRAWAL_MESSAGES.passed]: msg`The withdrawal time has already passed`,
  [WITHDRAWAL_MESSAGES.step]: msg`Withdrawal time must be on a quarter hour (:00, :15, :30 or :45)`,
  [WITHDRAWAL_MESSAGES.weekend]: msg`Withdrawal date must be a weekday`,
  [WITHDRAWAL_MESSAGES.hours]: msg`Withdrawal time must be between 09:00 and 17:45`,
  [WITHDRAWAL_MESSAGES.window]: msg`Withdrawal date must be today or within the next 2 business days`,
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
