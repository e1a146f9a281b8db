/**
 * A supplier on a phone (390 px, no documentation entries in the menu) reaches the documentation form
 * from the ticket list: the confirmed ticket's card and its ticket page offer 'Load documentation' and
 * open the form of the carrier's mode with the ticket picked. Each story makes its own confirmed ticket
 * through the API (supplier creates, the offered carrier accepts the earliest slot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { api, apiLogin, CARRIER_LOGINS } from './support/api';
import { PHONE, launch, newContext, watchErrors } from './support/browser';
import { signIn } from './support/session';

interface ApiTicket {
  id: number;
  status: { name: string };
  ticketAssignments: { status: { name: string }; carrier: { businessName: string; mode: 'TRUCK' | 'RAILCAR' } }[];
}

/** A new ticket of supplier1, accepted by the carrier it was offered to: CONFIRMED, at the top of the list. */
async function confirmedTicket(): Promise<{ id: number; mode: 'TRUCK' | 'RAILCAR' }> {
  const supplier = await apiLogin('supplier1');
  const yard = supplier.user.userDetail.supplier?.depots[0]?.id;
  const { tickets } = await api<{ tickets: ApiTicket[] }>('/tickets', {
    method: 'POST',
    token: supplier.token,
    body: { ticket: { count: 1, originDepotId: yard } },
  });
  const id = tickets[0]!.id;
  const { ticket } = await api<{ ticket: ApiTicket }>(`/tickets/${id}`, { token: supplier.token });
  const offer = ticket.ticketAssignments.find((assignment) => assignment.status.name === 'PENDING');
  const carrierLogin = offer && CARRIER_LOGINS[offer.carrier.businessName];
  expect(carrierLogin, 'the ticket is offered to a demo carrier').toBeDefined();
  const carrier = await apiLogin(carrierLogin!);
  const timezone = 0;
  const slot = earliestSlot(new Date(), timezone);
  await api(`/tickets/${id}/confirm`, {
    method: 'PUT',
    token: carrier.token,
    body: { ticket: { withdrawalDate: slot.instant.toISOString(), timezone } },
  });
  return { id, mode: offer!.carrier.mode };
}

const FORM_PATH = {
  TRUCK: '/dashboard/suppliers/truck-documentation',
  RAILCAR: '/dashboard/suppliers/railcar-documentation',
};
const TICKET_LABEL = { TRUCK: /Ticket \(by carrier\)/, RAILCAR: /^Ticket/ };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('documentation from the list on a phone', () => {
  for (const [language, load, upload] of [
    ['English', 'Load documentation', 'Upload'],
    ['Spanish', 'Cargar documentación', 'Subir'],
  ] as const) {
    it(`should open the form of a confirmed ticket from its card at 390 px (${language})`, async () => {
      const { id, mode } = await confirmedTicket();
      // Signed in in English (the sign-in helper reads English labels), then switched as a user would keep it.
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, 'supplier1');
      if (language === 'Spanish') {
        await page.evaluate(() => localStorage.setItem('locale', 'es'));
        await page.reload();
      }
      const card = page.locator(`[data-ticket-id="${id}"]`);
      await card.getByRole('link', { name: load }).waitFor();
      await card.getByRole('link', { name: load }).click();
      await page.waitForURL((url) => url.pathname === FORM_PATH[mode]);
      const picked = page
        .getByRole('combobox', { name: language === 'Spanish' ? /^(Ticket|Viaje)/ : TICKET_LABEL[mode] })
        .first();
      await expect.poll(() => picked.inputValue()).toContain(`#${id}`);
      await page.getByRole('button', { name: upload }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("should offer it on the confirmed ticket's page too", async () => {
    const { id, mode } = await confirmedTicket();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'supplier1');
    await page
      .locator(`[data-ticket-id="${id}"]`)
      .getByRole('link', { name: new RegExp(`^Trip #${id}\\b`) })
      .click();
    await page.getByRole('heading', { name: `Trip #${id}` }).waitFor();
    await page.getByRole('link', { name: 'Load documentation' }).click();
    await page.waitForURL((url) => url.pathname === FORM_PATH[mode]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
