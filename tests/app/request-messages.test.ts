/** The server's own refusals reach a Spanish user in Spanish: by their code or by their exact text. */
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../src/app/lib/i18n';
import { translateError } from '../../src/app/lib/messages';
import { ERROR_CODES } from '../../src/shared/errors';
import { REQUEST_MSG } from '../../src/shared/schemas/request-messages';

describe('server refusal texts in Spanish', () => {
  it('should show every text of REQUEST_MSG in Spanish', async () => {
    await activateLocale('es');
    const untranslated = Object.values(REQUEST_MSG).filter((text) => translateError(i18n, undefined, text) === text);
    expect(untranslated).toEqual([]);
  });

  it('should show a refused NUL character in Spanish by its code', async () => {
    await activateLocale('es');
    expect(translateError(i18n, ERROR_CODES.unstorableText, REQUEST_MSG.unstorableText)).toBe(
      'El texto no debe contener un carácter NUL ni un carácter roto',
    );
  });

  it('should show a status that no longer allows the action by its code, in Spanish', async () => {
    await activateLocale('es');
    expect(
      translateError(i18n, ERROR_CODES.ticketStatus, 'Ticket 12 is CONFIRMED; only a PENDING offer can be accepted'),
    ).toBe('El estado del ticket ya no lo permite; actualiza la página para ver en qué estado está');
  });

  it('should show a lost race on a ticket by its code, in Spanish and in English', async () => {
    const message = 'Ticket 12 is no longer PENDING; it was changed by another request';
    await activateLocale('es');
    expect(translateError(i18n, ERROR_CODES.ticketChanged, message)).toBe(
      'Otra solicitud cambió este ticket mientras tanto; actualiza la página para ver en qué estado está',
    );
    await activateLocale('en');
    expect(translateError(i18n, ERROR_CODES.ticketChanged, message)).toBe(
      'This ticket was changed by another request meanwhile; reload it to see where it stands',
    );
  });
});
