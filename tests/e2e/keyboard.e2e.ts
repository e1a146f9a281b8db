/**
 * Journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys and typing; no mouse): a
 * supplier signs in and requests a ticket, a carrier accepts one on a phone, a supplier loads a truck's
 * documentation with its files, and a customs agent releases a TA-invoiced ticket. Each step asserts
 * what the user sees. A control that cannot be reached with Tab fails the test. The tickets a journey
 * works on are made through the API first, so no journey depends on the demo data's paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { api, apiLogin, CARRIER_LOGINS } from './support/api';
import { DEMO_PASSWORD, DESKTOP, PHONE, launch, newContext, watchErrors } from './support/browser';
import { pdf, png, type ChosenFile } from './support/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user moves on.
 * `hidden`: the focusable element is drawn by its label (a segmented control's radio input).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80, hidden = false } = {}): Promise<void> {
  await target.waitFor({ state: hidden ? 'attached' : 'visible' });
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} cannot be reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * Opens a select with the arrow key and moves to the first option matching `option`, then Enter; the
 * choice must show in the field. A list whose options arrived while it was opening can show an option
 * as highlighted that Enter does not take yet: a keyboard user then goes down and up again, and so
 * does this (at most three times).
 */
async function chooseWithKeys(page: Page, combobox: Locator, option: RegExp = /./): Promise<string> {
  await tabTo(page, combobox);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.keyboard.press('ArrowDown');
    // The combobox names its open list (aria-controls): another select's list may still be closing.
    await expect.poll(() => combobox.getAttribute('aria-controls')).toBeTruthy();
    const listbox = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
    await listbox.waitFor({ state: 'visible' });
    await listbox.getByRole('option').first().waitFor();
    const count = await listbox.getByRole('option').count();
    let chosen = '';
    for (let moves = 0; moves <= count && !chosen; moves += 1) {
      const selected = listbox.locator('[data-combobox-selected]');
      const text = (await selected.count()) > 0 ? ((await selected.first().textContent()) ?? '') : '';
      if (text && option.test(text)) {
        await page.keyboard.press('Enter');
        chosen = text;
      } else await page.keyboard.press('ArrowDown');
    }
    if (!chosen) throw new Error(`No option ${option} in ${combobox}`);
    const taken = await expect
      .poll(() => combobox.inputValue(), { timeout: 2_000 })
      .toBe(chosen)
      .then(
        () => true,
        () => false,
      );
    if (taken) return chosen;
    await page.keyboard.press('ArrowUp');
  }
  throw new Error(`${combobox} did not take the option chosen with Enter`);
}

async function signInWithKeys(page: Page, username: string): Promise<void> {
  await page.goto('/login/tradicional');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
}

interface ApiTicket {
  id: number;
  ticketAssignments: { status: { name: string }; carrier: { businessName: string; mode: 'TRUCK' | 'RAILCAR' } }[];
}

/**
 * A new PENDING ticket of supplier1 offered to a demo carrier of `mode` (a request is offered by the
 * yard's rotation, so it asks again until one goes to such a carrier), with that carrier's login.
 */
async function pendingTicket(mode: 'TRUCK' | 'RAILCAR' = 'TRUCK'): Promise<{ id: number; carrier: string }> {
  const supplier = await apiLogin('supplier1');
  const yard = supplier.user.userDetail.supplier?.depots[0]?.id;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const { tickets } = await api<{ tickets: ApiTicket[] }>('/tickets', {
      method: 'POST',
      token: supplier.token,
      body: { ticket: { count: 1, originDepotId: yard } },
    });
    const id = tickets[0]!.id;
    const { ticket } = await api<{ ticket: ApiTicket }>(`/tickets/${id}`, { token: supplier.token });
    const offer = ticket.ticketAssignments.find((assignment) => assignment.status.name === 'PENDING');
    const carrier = offer && offer.carrier.mode === mode ? CARRIER_LOGINS[offer.carrier.businessName] : undefined;
    if (carrier) return { id, carrier };
  }
  throw new Error(`No request of supplier1 was offered to a ${mode} carrier with a login`);
}

/** A new ticket of supplier1 confirmed by its truck carrier for the earliest slot. */
async function confirmedTruckTicket(): Promise<number> {
  const { id, carrier } = await pendingTicket('TRUCK');
  const { token } = await apiLogin(carrier);
  const slot = earliestSlot(new Date(), 0);
  await api(`/tickets/${id}/confirm`, {
    method: 'PUT',
    token,
    body: { ticket: { withdrawalDate: slot.instant.toISOString(), timezone: 0 } },
  });
  return id;
}

/** Tabs to a file button, presses `key` and answers the file chooser it opens, as a keyboard user picks files. */
async function pickFilesWithKeys(
  page: Page,
  button: Locator,
  files: ChosenFile[],
  key: 'Enter' | 'Space' = 'Enter',
): Promise<void> {
  // Waiting for the chooser turns on Playwright's interception of file dialogs, which takes a round trip to the
  // browser; it starts before the Tab presses so that it is on when the key opens the dialog (started together
  // with the key press, the dialog sometimes opened first and was never reported).
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, button);
  await page.keyboard.press(key);
  await (await chooser).setFiles(files);
}

describe('keyboard-only journeys', () => {
  it('should let a supplier sign in and request a ticket with the keyboard', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, 'supplier1');
    await tabTo(page, page.getByRole('button', { name: 'New request' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New request' });
    await dialog.waitFor();
    const count = dialog.getByRole('textbox', { name: /Number of trucks or railcars/ });
    await tabTo(page, count);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Origin yard' }), /South Chicago Yard/);
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Origin yard' }).inputValue())
      .toMatch(/South Chicago Yard/);
    await tabTo(page, dialog.getByRole('button', { name: 'Create' }));
    await page.keyboard.press('Enter');
    const created = toast(page, /Trip IDs: /);
    await created.waitFor();
    expect(await created.textContent()).toContain('Request created');
    const tripId = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    expect(tripId).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should let a customs agent release a TA-invoiced ticket with the keyboard', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, 'customs1');
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Truck documentation' }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/customs/truck-documentation');
    // The newest trucks of the agent may all be released (other journeys release theirs): the Awaiting
    // filter, reached as a keyboard user does (Tab to the chosen segment, then an arrow key).
    await tabTo(page, page.getByRole('radio', { name: 'All' }), { hidden: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: 'Awaiting' }).isChecked()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'Awaiting' }).first();
    const link = row.getByRole('link', { name: /Open documentation of trip \d+/ });
    const trip = Number(
      /(\d+)$/.exec((await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '')?.[1],
    );
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const release = page.getByRole('button', { name: 'Release' });
    await tabTo(page, release);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Release trip ${trip}?` });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Release' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Released: the ticket is in MX transit').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should let the offered carrier accept a pending ticket on a phone with the keyboard', async () => {
    const { id, carrier } = await pendingTicket('TRUCK');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, carrier);
    await page.goto(`/dashboard/carrier?ticketId=${id}`);
    const card = page.locator(`[data-ticket-id="${id}"]`);
    await tabTo(page, card.getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Accept trip #${id}` });
    await dialog.waitFor();
    const time = dialog.getByRole('combobox', { name: 'Withdrawal time' });
    await expect.poll(() => time.inputValue()).toMatch(/^\d{1,2}:\d{2}\s(AM|PM)$/);
    // The calendar is one Tab stop (the chosen day); the arrows move between days, Enter picks one.
    const day = dialog.locator('table button[tabindex="0"]');
    await tabTo(page, day);
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const firstDay = await focusedDay();
    await page.keyboard.press('ArrowRight');
    if ((await focusedDay()) === firstDay) {
      // The first open day ends the month shown (a Friday before a month's last Monday): the arrows stay
      // in the month, so the keyboard user opens the next one with its header button, goes back to the
      // chosen day (shown there among the last month's days) and moves on from it.
      await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');
      await tabTo(page, day);
      await page.keyboard.press('ArrowRight');
    }
    await expect.poll(focusedDay).not.toBe(firstDay);
    const secondDay = await focusedDay();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.locator('table button[data-selected]').getAttribute('aria-label')).toBe(secondDay);
    // On another day every slot is open: the list starts at the first one, the user takes the second.
    await expect.poll(() => time.inputValue()).toMatch(/^\d{1,2}:\d{2}\s(AM|PM)$/);
    const firstTime = await time.inputValue();
    const chosen = await chooseWithKeys(page, time, new RegExp(`^(?!${firstTime}$)`));
    await expect.poll(() => time.inputValue()).toBe(chosen);
    expect(chosen).not.toBe(firstTime);
    await tabTo(page, dialog.getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    await toast(page, `Trip ID ${id} accepted`).waitFor();
    expect(await toast(page, `Trip ID ${id} accepted`).textContent()).toContain(chosen);
    await expect.poll(() => card.locator('[data-status]').first().getAttribute('data-status')).toBe('CONFIRMED');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should let a supplier load a truck's documentation and pick its files with the keyboard", async () => {
    const id = await confirmedTruckTicket();
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, 'supplier1');
    await page.goto(`/dashboard/suppliers?ticketId=${id}`);
    await tabTo(page, page.locator(`[data-ticket-id="${id}"]`).getByRole('link', { name: 'Load documentation' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/suppliers/truck-documentation');
    await expect
      .poll(() => page.getByRole('combobox', { name: /Ticket \(by carrier\)/ }).inputValue())
      .toContain(`#${id}`);
    await chooseWithKeys(page, page.getByRole('combobox', { name: /^Destination/ }));
    // The date field opens its calendar with Enter; the day in the Tab order is picked with Enter.
    await tabTo(page, page.getByRole('button', { name: /Invoice date/ }));
    await page.keyboard.press('Enter');
    const day = page.locator('table button[tabindex="0"]');
    await tabTo(page, day);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('button', { name: /Invoice date/ }).textContent())
      .toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const typeInto = async (name: RegExp, text: string) => {
      // Car/Equipment is a combobox (it suggests the carrier's registered equipment); the rest are text boxes.
      await tabTo(page, page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name })));
      await page.keyboard.type(text);
    };
    await typeInto(/Invoice number/, `KEY-${Date.now()}`);
    await typeInto(/Invoice amount/, '1234.56');
    await typeInto(/Car\/Equipment/, 'TRK445566');
    await typeInto(/Gross weight/, '80000');
    await typeInto(/Tare weight/, '30000');
    await chooseWithKeys(page, page.getByRole('combobox', { name: /^Material/ }));
    // Every file button opens the system's file chooser from the keyboard: Enter, and Space for the photos.
    for (const slot of ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate']) {
      const field = page
        .locator('.mantine-InputWrapper-root')
        .filter({ has: page.locator(`input[data-slot="${slot}"]`) });
      await pickFilesWithKeys(page, field.getByRole('button', { name: 'Choose PDF' }), [pdf(`${slot}.pdf`)]);
      await field.getByText(`${slot}.pdf`).waitFor();
    }
    await pickFilesWithKeys(
      page,
      page.getByRole('button', { name: 'Add photos' }),
      [png('front.png'), png('side.png')],
      'Space',
    );
    await page.getByRole('button', { name: 'Remove photo 2' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }));
    await page.keyboard.press('Enter');
    await toast(page, `Truck ID ${id}`).waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');
    expect(errors).toEqual([]);
    await context.close();
  });
});
