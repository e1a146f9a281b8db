/**
 * Amounts in Mexican Spanish on the real server and the built app: a supplier on a phone with the
 * Spanish UI types the invoice amount with a decimal comma (`20500,5`), which es-MX does not write and
 * the field refuses as typed with how to write it, then types `20500.5` and the weights with grouping,
 * saves, and the server stores 20500.5; the admin's page shows `$20,500.50`. The ticket is created
 * through the API for supplier2, so the lists other e2e files read for supplier1 keep their first page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { pdf } from '../fixtures/files';
import { DEMO_PASSWORD, DESKTOP, PHONE, baseUrl, launch, newContext, watchErrors } from './support/browser';
import { png } from './support/files';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Session {
  token: string;
  user: { userDetail: { supplier: { depots: { id: number }[] } | null } };
}
const login = (username: string) =>
  api<Session>('/auth/login', null, {
    method: 'POST',
    body: { username, password: DEMO_PASSWORD, expiresIn: 3600_000 },
  });

/** A new CONFIRMED truck ticket of supplier2, carried by carrier1 (Rápido Freight Lines). */
async function confirmedTruckTicket(): Promise<number> {
  const supplier = await login('supplier2');
  const { tickets } = await api<{ tickets: { id: number }[] }>('/tickets', supplier.token, {
    method: 'POST',
    body: {
      ticket: {
        count: 1,
        originDepotId: supplier.user.userDetail.supplier?.depots[0]?.id,
        comments: 'es-MX amounts e2e',
      },
    },
  });
  const id = tickets[0]!.id;
  const admin = await login('admin');
  const { carriers } = await api<{ carriers: { id: number; businessName: string }[] }>('/carriers', admin.token);
  const carrier1 = carriers.find((c) => c.businessName === 'Rápido Freight Lines')!;
  const { ticket } = await api<{
    ticket: { ticketAssignments: { status: { name: string }; carrier: { id: number } }[] };
  }>(`/tickets/${id}`, admin.token);
  if (ticket.ticketAssignments.find((a) => a.status.name === 'PENDING')?.carrier.id !== carrier1.id) {
    await api(`/tickets/${id}/manual`, admin.token, {
      method: 'PUT',
      body: { ticket: { carrierId: carrier1.id, reason: 'es-MX e2e' } },
    });
  }
  const carrier = await login('carrier1');
  const slot = earliestSlot(new Date(), 0);
  await api(`/tickets/${id}/confirm`, carrier.token, {
    method: 'PUT',
    body: { ticket: { withdrawalDate: slot.instant.toISOString(), timezone: 0 } },
  });
  return id;
}

async function choose(page: Page, label: RegExp, option?: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  const item = option ? page.getByRole('option', { name: option }).first() : page.getByRole('option').first();
  await item.waitFor({ state: 'visible' });
  await item.click();
}

/** Signs in (English login screen), then picks Spanish the way the app remembers it on the device. */
async function spanishSession(page: Page, username: string) {
  await signIn(page, username);
  await page.evaluate(() => localStorage.setItem('locale', 'es'));
}

describe('amounts in Mexican Spanish', () => {
  let tripId = 0;

  it('should refuse 20500,5 as typed and store 20500.5 once typed so, on a phone in Spanish', async () => {
    tripId = await confirmedTruckTicket();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await spanishSession(page, 'supplier2');
    await page.goto('/dashboard/suppliers/truck-documentation');
    await choose(page, /Ticket \(por transportista\)/, new RegExp(`^#${tripId} · `));
    await choose(page, /^Destino/);
    await page.getByRole('button', { name: /Fecha de factura/ }).click();
    await page.getByRole('button', { name: /^1 / }).first().click();
    await page.getByRole('textbox', { name: /Número de factura/ }).fill(`MX-${Date.now()}`);
    const amount = page.getByRole('textbox', { name: /Importe de la factura/ });
    await amount.pressSequentially('20500,5');
    await page.getByRole('combobox', { name: /Carro\/Equipo/ }).pressSequentially('TRK445566');
    expect(await amount.inputValue()).toBe('20500,5');
    await page.getByText('Escríbelo así: US$20,500.50 (comas para los miles, punto para los decimales)').waitFor();
    await amount.fill('20500.5');
    await amount.blur();
    expect(await amount.inputValue()).toBe('US$20,500.50');
    await page.getByRole('textbox', { name: /Peso bruto/ }).pressSequentially('80,000');
    await page.getByRole('textbox', { name: /Tara/ }).pressSequentially('30000.25');
    await choose(page, /^Material/);
    expect(await page.getByRole('textbox', { name: /Peso bruto/ }).inputValue()).toBe('80,000.00 lbs');
    expect(await page.getByRole('textbox', { name: /Tara/ }).inputValue()).toBe('30,000.25 lbs');
    for (const slot of ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate']) {
      await page
        .locator(`input[data-slot="${slot}"]`)
        .setInputFiles({ name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: pdf() });
    }
    await page.locator('input[data-slot="photos"]').setInputFiles([png('front.png')]);
    await page.getByRole('button', { name: 'Quitar foto 1' }).waitFor();
    await page.getByRole('button', { name: 'Subir' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');

    const admin = await login('admin');
    const { truckDocumentation } = await api<{
      truckDocumentation: { invoiceAmount: number; grossWeight: number; tareWeight: number };
    }>(`/trucks-documentation/${tripId}/ticket`, admin.token);
    expect(truckDocumentation).toMatchObject({ invoiceAmount: 20500.5, grossWeight: 80000, tareWeight: 30000.25 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should show US$20,500.50 and the weights as es-MX writes them on the admin page', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await spanishSession(page, 'admin');
    await page.goto(`/dashboard/admin/ta-invoice/${tripId}`);
    const details = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Documentación del proveedor' }) });
    await details.getByText('US$20,500.50', { exact: true }).waitFor();
    await details.getByText('80,000.00', { exact: true }).waitFor();
    await details.getByText('30,000.25', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    expect(errors).toEqual([]);
    await context.close();
  });
});
