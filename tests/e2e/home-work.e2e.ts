/**
 * Issue 27's first tasks, from opening the app, each role on its home's work section: at 390 px in
 * Mexican Spanish and at 1280 px in English, the supplier loads the documentation of a confirmed ticket
 * from "Waiting for your documentation", the carrier accepts an offer from "Offers waiting for your
 * answer" (its time left shown), and the admin opens documentation waiting for a provider invoice from
 * its work tile, and the customs agent opens the oldest unread documentation at its crossings. The
 * tickets are made through the API so that the story depends on no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { api, apiLogin, CARRIER_LOGINS } from './support/api';
import { runAxe } from './support/axe';
import { DESKTOP, PHONE, baseUrl, launch, newContext, watchErrors } from './support/browser';
import { pdf, png } from './support/files';

interface ApiTicket {
  id: number;
  ticketAssignments: { status: { name: string }; carrier: { businessName: string; mode: 'TRUCK' | 'RAILCAR' } }[];
}

/** A new ticket of supplier1 offered to a demo truck carrier: its id and that carrier's login. */
async function truckOffer(): Promise<{ id: number; carrier: string }> {
  const supplier = await apiLogin('supplier1');
  const yard = supplier.user.userDetail.supplier?.depots[0]?.id;
  // The allocation may pick the railcar carrier; its documentation is another form, so ask again.
  for (let attempt = 0; attempt < 4; attempt++) {
    const { tickets } = await api<{ tickets: ApiTicket[] }>('/tickets', {
      method: 'POST',
      token: supplier.token,
      body: { ticket: { count: 1, originDepotId: yard } },
    });
    const { ticket } = await api<{ ticket: ApiTicket }>(`/tickets/${tickets[0]!.id}`, { token: supplier.token });
    const offer = ticket.ticketAssignments.find((assignment) => assignment.status.name === 'PENDING');
    const login = offer && CARRIER_LOGINS[offer.carrier.businessName];
    if (login && offer.carrier.mode === 'TRUCK') return { id: ticket.id, carrier: login };
  }
  throw new Error('no demo truck carrier was offered a new ticket');
}

async function confirmedTruckTicket(): Promise<number> {
  const { id, carrier } = await truckOffer();
  const { token } = await apiLogin(carrier);
  const slot = earliestSlot(new Date(), 0);
  await api(`/tickets/${id}/confirm`, {
    method: 'PUT',
    token,
    body: { ticket: { withdrawalDate: slot.instant.toISOString(), timezone: 0 } },
  });
  return id;
}

/**
 * The admin's provider invoice for a documented ticket, at a crossing of customs1 (multipart, as the
 * invoice form sends it): the ticket becomes TA_INVOICED and unread for that agent.
 */
async function invoiceAtCustoms1(ticketId: number): Promise<void> {
  const { token } = await apiLogin('admin');
  // An agent's own list of crossings holds only its crossings.
  const { borderCrossings } = await api<{ borderCrossings: { id: number }[] }>('/border-crossings', {
    token: (await apiLogin('customs1')).token,
  });
  const crossing = borderCrossings[0];
  const form = new FormData();
  form.append(
    'invoice',
    JSON.stringify({
      number: `TA-HOME-${ticketId}`,
      date: new Date().toISOString().slice(0, 10),
      borderCrossingId: crossing?.id,
      ticketId,
    }),
  );
  const file = pdf('ta-invoice.pdf');
  form.append('invoiceFile', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(`${baseUrl()}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.text()).toBe(201);
}

const CASES = [
  {
    name: '390 px in Mexican Spanish',
    viewport: PHONE,
    locale: 'es' as const,
    text: {
      documentation: 'En espera de tu documentación',
      load: 'Cargar documentación',
      destination: /^Destino/,
      invoiceDate: /Fecha de factura/,
      invoiceNumber: /Número de factura/,
      amount: /Importe de la factura/,
      equipment: /Carro\/Equipo/,
      gross: /Peso bruto/,
      tare: /^Tara/,
      material: /^Material/,
      upload: 'Subir',
      removePhoto: /foto 2/,
      offers: 'Ofertas en espera de tu respuesta',
      timeLeft: /^Quedan \d+ h \d+ min · Responde antes de las .+/,
      accept: 'Aceptar',
      acceptTrip: (id: number) => `Aceptar viaje #${id}`,
      invoiceTile: /Documentación en espera de factura del proveedor/,
      taInvoice: 'Factura TA',
      unread: 'Documentación sin leer',
      openTrip: /^Abrir la documentación del viaje/,
      markUnread: 'Marcar como no leído',
    },
  },
  {
    name: '1280 px in English',
    viewport: DESKTOP,
    locale: 'en' as const,
    text: {
      documentation: 'Waiting for your documentation',
      load: 'Load documentation',
      destination: /^Destination/,
      invoiceDate: /Invoice date/,
      invoiceNumber: /Invoice number/,
      amount: /Invoice amount/,
      equipment: /Car\/Equipment/,
      gross: /Gross weight/,
      tare: /Tare weight/,
      material: /^Material/,
      upload: 'Upload',
      removePhoto: /Remove photo 2/,
      offers: 'Offers waiting for your answer',
      timeLeft: /^\d+ h \d+ min left · Answer by .+/,
      accept: 'Accept',
      acceptTrip: (id: number) => `Accept trip #${id}`,
      invoiceTile: /Documentation waiting for a provider invoice/,
      taInvoice: 'TA invoice',
      unread: 'Unread documentation',
      openTrip: /^Open documentation of trip/,
      markUnread: 'Mark as unread',
    },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens the app as `username` would on a device it signed in on before (its stored session and
 * language), at `/`: the app starts on the user's home. Signing in is other tests' business.
 */
async function openApp(username: string, viewport: { width: number; height: number }, locale: 'en' | 'es') {
  const { token, user } = await apiLogin(username);
  const context = await newContext(browser, viewport, locale === 'es' ? 'es-MX' : 'en-US');
  await context.addInitScript(
    ([t, u, l]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('locale', l);
    },
    [token, JSON.stringify(user), locale] as const,
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  return { page, errors, close: () => context.close() };
}

/** The home as shown has no serious or critical axe finding (its work sections and tiles included). */
async function expectAccessible(page: Page) {
  const findings = await runAxe(page);
  expect(findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')).toEqual([]);
}

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });

async function choose(page: Page, label: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  const item = page.getByRole('option').first();
  await item.waitFor({ state: 'visible' });
  await item.click();
}

describe("each role's first task from its home", () => {
  for (const { name, viewport, locale, text } of CASES) {
    it(`should let the supplier, the carrier, the admin and customs do their first task from the home at ${name}`, async () => {
      const documented = await confirmedTruckTicket();
      const offered = await truckOffer();

      // The supplier loads the documentation of its confirmed ticket from the home's first section.
      {
        const { page, errors, close } = await openApp('supplier1', viewport, locale);
        const card = section(page, text.documentation).locator(`[data-ticket-id="${documented}"]`);
        await card.getByRole('link', { name: text.load }).waitFor();
        await expectAccessible(page);
        await card.getByRole('link', { name: text.load }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/suppliers/truck-documentation');
        await choose(page, text.destination);
        await page.getByRole('button', { name: text.invoiceDate }).click();
        // The 1st of this month: an invoice date is never in the future (src/shared/schemas/decisions/0001).
        await page.getByRole('button', { name: /^1 / }).first().click();
        await page.getByRole('textbox', { name: text.invoiceNumber }).fill(`HOME-${documented}`);
        await page.getByRole('textbox', { name: text.amount }).fill('1234.56');
        await page.getByRole('combobox', { name: text.equipment }).fill('TRK778899');
        await page.getByRole('textbox', { name: text.gross }).fill('80000');
        await page.getByRole('textbox', { name: text.tare }).fill('30000');
        await choose(page, text.material);
        for (const slot of ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate']) {
          await page.locator(`input[data-slot="${slot}"]`).setInputFiles(pdf(`${slot}.pdf`));
        }
        await page.locator('input[data-slot="photos"]').setInputFiles([png('front.png'), png('side.png')]);
        await page.getByRole('button', { name: text.removePhoto }).waitFor();
        await page.getByRole('button', { name: text.upload, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');
        // Documented: it leaves the section that asked for it.
        await section(page, text.documentation).waitFor();
        await expect
          .poll(() => section(page, text.documentation).locator(`[data-ticket-id="${documented}"]`).count())
          .toBe(0);
        expect(errors).toEqual([]);
        await close();
      }

      // The carrier accepts the offer waiting for it, its time left shown, from the home's first section.
      {
        const { page, errors, close } = await openApp(offered.carrier, viewport, locale);
        const card = section(page, text.offers).locator(`[data-ticket-id="${offered.id}"]`);
        await expect.poll(() => card.getByTestId('time-left').textContent()).toMatch(text.timeLeft);
        await expectAccessible(page);
        await card.getByRole('button', { name: text.accept }).click();
        const dialog = page.getByRole('dialog', { name: text.acceptTrip(offered.id) });
        await dialog.getByRole('button', { name: text.accept }).click();
        // Accepted: it is a pickup now, no longer an offer.
        await page.locator(`[data-testid^="work-pickups-"] [data-ticket-id="${offered.id}"]`).waitFor();
        expect(await section(page, text.offers).locator(`[data-ticket-id="${offered.id}"]`).count()).toBe(0);
        expect(errors).toEqual([]);
        await close();
      }

      // The admin opens, from its work tile, the documentation the supplier just loaded.
      {
        const { page, errors, close } = await openApp('admin', viewport, locale);
        await page.getByRole('link', { name: text.invoiceTile }).waitFor();
        await expectAccessible(page);
        await page.getByRole('link', { name: text.invoiceTile }).click();
        await page.waitForURL((url) => url.search === '?status=SUPPLIER_INVOICED');
        const row = page.locator(`[data-ticket-id="${documented}"]`).first();
        await row.getByRole('link', { name: text.taInvoice }).click();
        await page.waitForURL((url) => url.pathname === `/dashboard/admin/ta-invoice/${documented}`);
        expect(errors).toEqual([]);
        await close();
      }

      // The customs agent opens the oldest unread documentation from the home's first section: opening
      // it marks it read, and it leaves the section.
      await invoiceAtCustoms1(documented);
      {
        const { page, errors, close } = await openApp('customs1', viewport, locale);
        const unread = section(page, text.unread);
        const first = unread.getByRole('link', { name: text.openTrip }).first();
        await first.waitFor();
        await expectAccessible(page);
        const trip = (await first.textContent())?.replace('#', '');
        await first.click();
        await page.getByRole('button', { name: text.markUnread }).waitFor();
        await page.goto('/');
        await section(page, text.unread).waitFor();
        await expect
          .poll(() =>
            section(page, text.unread)
              .getByRole('link', { name: new RegExp(`\\b${trip}$`) })
              .count(),
          )
          .toBe(0);
        expect(errors).toEqual([]);
        await close();
      }
    });
  }
});
