/**
 * The accounting journey in Chromium on its own server (creating an RPA locks invoices that other
 * journeys edit): the admin closes the open period into an RPA, downloads its Excel (opened with
 * exceljs, one row per invoice) and its zip of invoice PDFs (entries listed), and carrier1 downloads
 * an e-voucher PDF on a phone.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { zipEntries } from '../fixtures/zip-entries';
import { DESKTOP, PHONE, watchErrors } from './support/browser';
import { useOwnPortal } from './support/own-portal';
import { signIn } from './support/session';

const own = useOwnPortal();

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download: Download = await waiting;
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

describe('accounting journey', () => {
  it('should let the admin create an RPA and download its Excel and zip, and the carrier its e-voucher', async () => {
    const context = await own.browser.newContext({
      serviceWorkers: 'block',
      baseURL: own.server.base,
      viewport: DESKTOP,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'admin');
    await page.goto('/dashboard/admin/accounting');
    const table = page.getByRole('table', { name: 'Accounting batches' });
    const openRow = table.getByRole('row').filter({ hasText: 'Open period' });
    await openRow.waitFor();
    await expect.poll(async () => openRow.getByRole('cell').nth(2).textContent()).toBe('NOW');
    const waiting = Number(await openRow.getByTestId('rpa-invoice-count').textContent());
    expect(waiting).toBeGreaterThan(0);

    await openRow.getByRole('button', { name: 'Create RPA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create RPA' });
    await dialog.getByRole('button', { name: 'Create RPA' }).click();
    const toast = page.getByText(/^RPA created successfully with ID \d+$/);
    await toast.waitFor();
    const id = Number((await toast.textContent())!.match(/\d+$/)![0]);
    const newRow = table.getByRole('row').filter({ hasText: `#${id}` });
    await newRow.waitFor();
    await expect.poll(async () => openRow.getByTestId('rpa-invoice-count').textContent()).toBe('0');
    expect(await newRow.getByTestId('rpa-invoice-count').textContent()).toBe(String(waiting));

    const excel = await downloadOf(page, () =>
      newRow.getByRole('button', { name: `Download RPA ${id} as Excel` }).click(),
    );
    expect(excel.name).toBe(`RPA-${id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(waiting + 1);

    const zip = await downloadOf(page, () =>
      newRow.getByRole('button', { name: `Download the invoices of RPA ${id} as a zip` }).click(),
    );
    expect(zip.name).toBe(`RPA-${id}-invoices.zip`);
    const entries = zipEntries(zip.bytes);
    expect(entries).toHaveLength(waiting);
    for (const entry of entries) expect(entry.name).toMatch(/^tripID-\d+-invoice-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(errors).toEqual([]);
    await context.close();

    const phone = await own.browser.newContext({
      serviceWorkers: 'block',
      baseURL: own.server.base,
      viewport: PHONE,
      locale: 'en-US',
    });
    const carrierPage = await phone.newPage();
    const carrierErrors = watchErrors(carrierPage);
    await signIn(carrierPage, 'carrier1');
    await carrierPage.goto('/dashboard/carrier/evouchers');
    const card = carrierPage.getByRole('list', { name: 'E-vouchers' }).getByRole('listitem').first();
    await card.waitFor();
    const trip = Number((await card.getByText(/^Trip #\d+$/).textContent())!.slice(6));
    const pdf = await downloadOf(carrierPage, () =>
      card.getByRole('button', { name: `Download PDF e-voucher of trip ${trip}` }).click(),
    );
    expect(pdf.name).toMatch(new RegExp(`^tripID-${trip}-evoucher-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    expect(carrierErrors).toEqual([]);
    await phone.close();
  });
});
