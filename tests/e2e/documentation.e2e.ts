/**
 * The documentation journey on the real server and the built app: a supplier documents a confirmed
 * truck ticket from a phone, the admin corrects its amount, adds the TA invoice and downloads the sales invoice, the
 * customs agent of the crossing finds it among the unread, views its documents in the page, marks it
 * unread and releases it, the admin marks it delivered. Plus a railcar
 * documentation from a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch } from './support/browser';
import { pdf, png } from './support/files';
import { asUser } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function choose(page: Page, label: RegExp, option?: RegExp): Promise<string> {
  await page.getByRole('combobox', { name: label }).click();
  const item = option ? page.getByRole('option', { name: option }).first() : page.getByRole('option').first();
  await item.waitFor({ state: 'visible' });
  const text = (await item.textContent()) ?? '';
  await item.click();
  return text;
}

/** Picks the 1st of the shown month (never a future invoice date) in a Mantine date picker opened by the button `label`. */
async function pickDay(page: Page, label: RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: /^1 / }).first().click();
}

async function attachDocuments(page: Page) {
  for (const slot of ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate']) {
    await page.locator(`input[data-slot="${slot}"]`).setInputFiles(pdf(`${slot}.pdf`));
  }
  await page.locator('input[data-slot="photos"]').setInputFiles([png('front.png'), png('side.png')]);
  await page.getByRole('button', { name: 'Remove photo 2' }).waitFor();
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

describe('documentation journey', () => {
  // One story in steps: each step goes on from what the one before left.
  it("should take a truck ticket from the supplier's documentation on a phone through the admin's corrections, the TA invoice and customs to delivered", async () => {
    let tripId = 0;

    // Step: let supplier1 document a confirmed truck ticket from a phone.
    await asUser(browser, 'supplier1', PHONE, async (page) => {
      await page.goto('/dashboard/suppliers/truck-documentation');
      const picked = await choose(page, /Ticket \(by carrier\)/, /Rápido Freight Lines/);
      tripId = Number(/#(\d+)/.exec(picked)?.[1]);
      expect(tripId).toBeGreaterThan(0);
      await choose(page, /^Destination/);
      await pickDay(page, /Invoice date/);
      await page.getByRole('textbox', { name: /Invoice number/ }).fill(`E2E-${Date.now()}`);
      await page.getByRole('textbox', { name: /Invoice amount/ }).fill('1234.56');
      await page.getByRole('combobox', { name: /Car\/Equipment/ }).fill('TRK778899');
      await page.getByRole('textbox', { name: /Gross weight/ }).fill('80000');
      await page.getByRole('textbox', { name: /Tare weight/ }).fill('30000');
      await choose(page, /^Material/);
      await attachDocuments(page);
      await page.getByRole('button', { name: 'Upload' }).click();
      await toast(page, `Truck ID ${tripId}`).waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');
    });

    // Step: let the admin correct the invoice amount and replace the weight certificate through the ticket-edit form.
    await asUser(browser, 'admin', DESKTOP, async (page) => {
      await page.goto(`/dashboard/admin/ta-invoice/${tripId}`);
      await page.getByRole('link', { name: 'Edit documentation' }).click();
      const amount = page.getByRole('textbox', { name: /Invoice amount/ });
      await expect.poll(() => amount.inputValue()).toBe('US$1,234.56');
      await amount.fill('1300');
      // The admin also replaces the weight certificate (admin limits; only the picked file is sent).
      await page.locator('input[data-slot="weightCertificate"]').setInputFiles(pdf('weight-corrected.pdf'));
      await page.getByText('weight-corrected.pdf').waitFor();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, 'Data updated successfully').waitFor();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/admin/ongoing'));
      // Back twice (edit form, then the TA invoice page) inside the app: the page refetches the saved values.
      await page.goBack();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/dashboard/admin/ta-invoice/${tripId}`);
      await page.getByText('US$1,300.00').first().waitFor();
      await page.getByText('weight-corrected.pdf').waitFor();
      await page.getByText('salesInvoice.pdf').waitFor();
    });

    // Step: let the admin add the TA invoice for the Laredo crossing and download the sales invoice.
    await asUser(browser, 'admin', DESKTOP, async (page) => {
      await page.goto(`/dashboard/admin/ta-invoice/${tripId}`);
      await page.getByRole('textbox', { name: /TA invoice number/ }).fill(`TA-E2E-${Date.now()}`);
      await pickDay(page, /TA invoice date/);
      await choose(page, /Border crossing/, /Laredo – Nuevo Laredo/);
      await page.locator('input[data-slot="invoiceFile"]').setInputFiles(pdf('ta-invoice.pdf'));
      await page.getByRole('button', { name: 'Add TA invoice' }).click();
      await toast(page, `Trip ID ${tripId}: TA invoice added successfully`).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Sales invoice' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^tripID-${tripId}-salesInvoice-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
      );
    });

    // Step: let customs1 find it among the unread documentation, see its PDF and photos in the page,
    // mark it unread (which stands), and release it.
    await asUser(browser, 'customs1', DESKTOP, async (page) => {
      const table = page.getByRole('table', { name: 'Documentation' });
      const unreadTrip = async () => {
        await page.goto('/dashboard/customs/truck-documentation');
        // The list of the agent's unread trucks, newest first: this trip is the newest.
        await page
          .locator('label')
          .filter({ hasText: /^Unread$/ })
          .click();
        const name = `Open documentation of trip ${tripId}`;
        const row = table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
        await row.waitFor();
        await expect.poll(() => row.textContent()).toContain('Awaiting');
        return row.getByRole('link', { name });
      };
      await (await unreadTrip()).click();
      const unread = page.getByRole('button', { name: 'Mark as unread' });
      await unread.waitFor();
      // The documents in the page: a photo's thumbnail, and the sales invoice framed from the inline answer.
      const thumb = page.getByRole('img', { name: 'Photo 1' });
      await thumb.waitFor();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'View Sales invoice' }).click();
      const viewer = page.getByRole('dialog', { name: 'Sales invoice' });
      await viewer.locator('iframe[src^="blob:"]').waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
      // Marked unread, the ticket stays unread: the button keeps offering 'Mark as read', and the list
      // of unread documentation still holds it.
      await unread.click();
      await page.getByRole('button', { name: 'Mark as read' }).waitFor();
      await (await unreadTrip()).click();
      await page.getByRole('button', { name: 'Release' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
      await toast(page, 'Released: the ticket is in MX transit').waitFor();
    });

    // Step: let the admin mark it delivered and list it among the delivered.
    await asUser(browser, 'admin', DESKTOP, async (page) => {
      await page.goto(`/dashboard/admin/ta-invoice/${tripId}`);
      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'The ticket was marked delivered').waitFor();
      await page.goto('/dashboard/admin/delivered');
      await page.locator(`[data-ticket-id="${tripId}"]`).first().waitFor();
    });
  });
});

describe('railcar documentation', () => {
  // One story in steps: each step goes on from what the one before left.
  it('should let supplier1 document a railcar ticket on a phone and edit it, then the admin edit it in Spanish', async () => {
    let railTripId = 0;

    // Step: let supplier1 document the confirmed railcar ticket of rail1 from a phone, then edit it.
    await asUser(browser, 'supplier1', PHONE, async (page) => {
      await page.goto('/dashboard/suppliers/railcar-documentation');
      const picked = await choose(page, /^Ticket/, /Northern Rail Logistics/);
      const id = Number(/#(\d+)/.exec(picked)?.[1]);
      railTripId = id;
      await expect
        .poll(() => page.getByRole('combobox', { name: /^Carrier/ }).inputValue())
        .toBe('Northern Rail Logistics');
      if ((await page.getByRole('combobox', { name: /^Destination/ }).inputValue()) === '')
        await choose(page, /^Destination/);
      await pickDay(page, /Invoice date/);
      await page.getByRole('textbox', { name: /Invoice number/ }).fill(`RAIL-${Date.now()}`);
      await page.getByRole('textbox', { name: /Invoice amount/ }).fill('45000');
      await page.getByRole('textbox', { name: /WayBill/ }).fill('9876543');
      await page.getByRole('combobox', { name: /Car\/Equipment/ }).fill('GATX123456');
      await page.getByRole('textbox', { name: /Gross weight/ }).fill('220000');
      await page.getByRole('textbox', { name: /Tare weight/ }).fill('60000');
      await choose(page, /^Material/);
      await page.getByRole('textbox', { name: /Comments/ }).fill('Two coupled cars');
      await attachDocuments(page);
      await page.getByRole('button', { name: 'Upload' }).click();
      await toast(page, `Railcar ID ${id}:`).waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');

      // Edit it from its ticket page (the ticket travels in navigation state); the demo data pushes it past
      // the first page of the list.
      await page.goto(`/dashboard/suppliers/ticket?id=${id}`);
      await page.getByRole('link', { name: 'Railcar documentation' }).click();
      const comments = page.getByRole('textbox', { name: /Comments/ });
      await expect.poll(() => comments.inputValue()).toBe('Two coupled cars');
      expect(await page.getByRole('button', { name: 'Cancel ticket' }).isEnabled()).toBe(true);
      await comments.fill('Three coupled cars');
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, `Railcar ID: ${id} successful update`).waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');
    });

    // The admin reviews what was stored: the waybill and comments of the railcar documentation.
    await asUser(browser, 'admin', DESKTOP, async (page) => {
      await page.goto(`/dashboard/admin/ta-invoice/${railTripId}`);
      await page.getByText('9876543').waitFor();
      await page.getByText('Three coupled cars').waitFor();
      expect(await page.getByText('GATX123456').count()).toBeGreaterThan(0);
    });

    // Step: let the admin edit the railcar documentation in Spanish on a phone, with the waybill rule and the locked destination.
    expect(railTripId).toBeGreaterThan(0);
    await asUser(browser, 'admin', PHONE, async (page) => {
      // The language choice is remembered per device; the next page load starts in Spanish.
      await page.evaluate(() => localStorage.setItem('locale', 'es'));
      await page.goto(`/dashboard/admin/ta-invoice/${railTripId}`);
      await page.getByRole('link', { name: 'Editar documentación' }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/admin/ticket-edit/${railTripId}`);
      const waybill = page.getByRole('textbox', { name: /WayBill/ });
      await expect.poll(() => waybill.inputValue()).toBe('9876543');
      expect(await page.getByRole('combobox', { name: /^Destino/ }).isDisabled()).toBe(true);

      await waybill.fill('98A');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('La carta de porte debe contener solo dígitos numéricos (mín. 5)').waitFor();

      await waybill.fill('5550001');
      await page.getByRole('textbox', { name: /Comentarios/ }).fill('Four coupled cars');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, 'Datos actualizados con éxito').waitFor();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/admin/ongoing'));
      await page.goBack();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/dashboard/admin/ta-invoice/${railTripId}`);
      await page.getByText('5550001').waitFor();
      await page.getByText('Four coupled cars').waitFor();
    });
  });
});

describe('purchase order import', () => {
  it('should let the admin import a CSV and see the imported count and the refused row', async () => {
    await asUser(browser, 'admin', DESKTOP, async (page) => {
      await page.goto('/dashboard/admin/settings');
      const csv = [
        'documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity,materialDesc',
        '4511111,100245,HMS-80-20,2026-06-01,120,',
        '4511112,NOPE,HMS-80-20,2026-06-01,50,',
      ].join('\n');
      await page
        .locator('input[data-slot="purchaseOrders"]')
        .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('1 purchase order imported').waitFor();
      expect(await page.getByRole('table', { name: 'Rows not imported' }).textContent()).toContain(
        'Unknown supplier SAP id NOPE',
      );
    });
  });
});
