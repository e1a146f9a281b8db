/**
 * Tickets end to end on the real server and the built app: supplier1 requests three tickets, the
 * carrier offered the first one accepts it from a phone with the first valid slot, the supplier sees
 * it CONFIRMED and the admin's PENDING and CONFIRMED tiles move by one; then the carrier declines it
 * with a reason and it goes back to PENDING, offered to another carrier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newContext, watchErrors } from './support/browser';
import { CARRIER_LOGINS } from './support/api';
import { signIn } from './support/session';

interface ApiTicket {
  id: number;
  status: { name: string };
  ticketAssignments: { status: { name: string }; carrier: { id: number; businessName: string } }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

async function readTicket(page: Page, id: number): Promise<ApiTicket> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/tickets/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { ticket: ApiTicket }).ticket;
}

const openOffer = (ticket: ApiTicket) => ticket.ticketAssignments.find((a) => a.status.name === 'PENDING');

async function tileCount(page: Page, status: 'Pending' | 'Confirmed'): Promise<number> {
  // The tile is named by what it shows, the count and then the status: '4 Pending'.
  const tile = page.getByRole('button', { name: new RegExp(`^\\d+\\s*${status}$`) });
  await tile.waitFor();
  return Number(/\d+/.exec((await tile.textContent()) ?? '')?.[0]);
}

describe('tickets journey', () => {
  // One story in steps: each step goes on from what the one before left (the ticket, the pages open).
  it('should take a ticket from its request through the carrier accepting it on a phone to the carrier declining it', async () => {
    let supplier: Page;
    let admin: Page;
    let carrier: Page;
    let tripId = 0;
    let firstCarrier = '';
    let pendingBefore: number;
    let confirmedBefore: number;

    // Step: let supplier1 request three tickets from a yard and show their ids.
    {
      const context = await newContext(browser, DESKTOP);
      supplier = await context.newPage();
      const errors = watchErrors(supplier);
      await signIn(supplier, 'supplier1');
      await supplier.getByRole('button', { name: 'New request' }).click();
      const dialog = supplier.getByRole('dialog', { name: 'New request' });
      const count = dialog.getByRole('textbox', { name: /Number of trucks or railcars/ });
      await count.fill('3');
      await dialog.getByRole('combobox', { name: 'Origin yard' }).click();
      await supplier.getByRole('option', { name: /South Chicago Yard/ }).click();
      await dialog.getByRole('button', { name: 'Create' }).click();
      const created = toast(supplier, /Trip IDs: /);
      await created.waitFor();
      const ids = [...((await created.textContent()) ?? '').matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
      expect(ids).toHaveLength(3);
      expect(await created.textContent()).toContain('3 requests created');

      // The first of them whose offered carrier has a demo login.
      for (const id of ids) {
        const offer = openOffer(await readTicket(supplier, id));
        if (offer && CARRIER_LOGINS[offer.carrier.businessName]) {
          tripId = id;
          firstCarrier = offer.carrier.businessName;
          break;
        }
      }
      expect(tripId).toBeGreaterThan(0);
      const row = supplier.locator(`[data-ticket-id="${tripId}"]`);
      await expect.poll(() => row.textContent()).toContain(`Offered to ${firstCarrier}`);
      expect(errors).toEqual([]);
    }

    // Step: read the admin's PENDING and CONFIRMED tiles before the accept.
    {
      const context = await newContext(browser, DESKTOP);
      admin = await context.newPage();
      await signIn(admin, 'admin');
      await admin.goto('/dashboard/admin/ongoing');
      pendingBefore = await tileCount(admin, 'Pending');
      confirmedBefore = await tileCount(admin, 'Confirmed');
      expect(pendingBefore).toBeGreaterThanOrEqual(3);
    }

    // Step: let the offered carrier accept it on a phone with the first valid slot.
    {
      const context = await newContext(browser, PHONE);
      carrier = await context.newPage();
      const errors = watchErrors(carrier);
      await signIn(carrier, CARRIER_LOGINS[firstCarrier]!);
      await carrier.goto(`/dashboard/carrier?ticketId=${tripId}`);
      const card = carrier.locator(`[data-ticket-id="${tripId}"]`);
      await card.getByRole('button', { name: 'Accept' }).click();
      const dialog = carrier.getByRole('dialog', { name: `Accept trip #${tripId}` });
      // The dialog opens on the earliest slot: the first enabled day and its first time.
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'Withdrawal time' }).inputValue())
        .toMatch(/^\d{1,2}:\d{2}\s(AM|PM)$/);
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await toast(carrier, `Trip ID ${tripId} accepted`).waitFor();
      await expect.poll(() => card.locator('[data-status]').first().getAttribute('data-status')).toBe('CONFIRMED');
      expect(errors).toEqual([]);
    }

    // Step: show the ticket CONFIRMED to the supplier and move one from PENDING to CONFIRMED for the admin.
    {
      await supplier.goto(`/dashboard/suppliers?ticketId=${tripId}`);
      const row = supplier.locator(`[data-ticket-id="${tripId}"]`);
      await expect.poll(() => row.locator('[data-status]').first().getAttribute('data-status')).toBe('CONFIRMED');

      await admin.reload();
      await expect.poll(() => tileCount(admin, 'Pending')).toBe(pendingBefore - 1);
      expect(await tileCount(admin, 'Confirmed')).toBe(confirmedBefore + 1);
    }

    // Step: let the carrier decline it with a reason and offer it to another carrier.
    {
      await carrier.goto(`/dashboard/carrier?ticketId=${tripId}`);
      const card = carrier.locator(`[data-ticket-id="${tripId}"]`);
      await card.getByRole('button', { name: 'Decline' }).click();
      const dialog = carrier.getByRole('dialog', { name: `Decline trip #${tripId}` });
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await dialog.getByText('This field is required').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Truck out of service');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await toast(carrier, `Trip ID ${tripId} declined`).waitFor();

      const ticket = await readTicket(supplier, tripId);
      expect(ticket.status.name).toBe('PENDING');
      const next = openOffer(ticket);
      expect(next).toBeDefined();
      expect(next!.carrier.businessName).not.toBe(firstCarrier);

      await supplier.goto(`/dashboard/suppliers/ticket?id=${tripId}`);
      const history = supplier
        .getByRole('list', { name: 'Offer history' })
        .or(supplier.locator('.mantine-Timeline-root'));
      await expect.poll(() => history.first().textContent()).toContain('Truck out of service');
      expect(await history.first().textContent()).toContain(next!.carrier.businessName);
      const row = supplier.locator('[data-status]').first();
      expect(await row.getAttribute('data-status')).toBe('PENDING');

      await admin.reload();
      await expect.poll(() => tileCount(admin, 'Pending')).toBe(pendingBefore);
      expect(await tileCount(admin, 'Confirmed')).toBe(confirmedBefore);
    }
  });
});
