/**
 * Spanish texts are longer than English ones: the admin's ongoing table still fits a 1280 px screen with
 * its 'Factura TA' buttons in sight, and no bottom-bar label is cut on a 390 px phone, for every role;
 * nor the buttons of a list's filter drawer on a phone, nor the suppliers' status badges at 1280 px.
 * The phone header keeps its logo and a full-width search with the offline badge and the outbox in it,
 * and invoice numbers stay on one line. Widths depend on the rows shown, so this runs on its own server
 * with the demo data as seeded, not on whatever the other journeys left behind.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, watchErrors } from './support/browser';
import { useOwnPortal } from './support/own-portal';
import { signIn } from './support/session';
import { formatDay } from '../../src/shared/format/display-format';

const own = useOwnPortal();

async function spanish(username: string, viewport: { width: number; height: number }, path: string) {
  const context = await own.browser.newContext({ baseURL: own.server.base, viewport, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, username);
  await page.evaluate(() => localStorage.setItem('locale', 'es'));
  await page.goto(path);
  return { context, page, errors };
}

/** Labels of the bottom bar whose text is wider than the room it has. */
const cutLabels = (page: Page) =>
  page.evaluate(() => {
    const bars = [...document.querySelectorAll('nav')].filter(
      (nav) => nav.getBoundingClientRect().bottom >= window.innerHeight - 1,
    );
    return bars.flatMap((bar) =>
      [...bar.querySelectorAll('span')]
        .filter((span) => span.clientWidth > 0 && span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent),
    );
  });

/** Button labels and badges on the page (open drawers and modals included) whose text is cut. */
const cutTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.clientWidth > 0 && label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent),
  );

describe('Spanish layout', () => {
  it("should fit the admin's ongoing table in 1280 px with every 'Factura TA' button in sight", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/ongoing');
    const table = page.getByRole('table', { name: 'Tickets' });
    await table.waitFor();
    const buttons = page.getByRole('link', { name: 'Factura TA' });
    await buttons.first().waitFor();
    const widths = await table.evaluate((element) => ({
      table: element.scrollWidth,
      room: element.parentElement!.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.room);
    // Nor is a badge cut to fit ('Sin asignar' once read 'SIN ASIGN…').
    expect(await cutTexts(page)).toEqual([]);
    const right = await table.evaluate((element) => element.parentElement!.getBoundingClientRect().right);
    for (const box of await Promise.all((await buttons.all()).map((button) => button.boundingBox()))) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(right);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['admin', '/dashboard/admin/ongoing'],
    ['supplier1', '/dashboard/suppliers'],
    ['carrier1', '/dashboard/carrier'],
    ['customs1', '/dashboard/customs'],
  ])('should show every bottom-bar label of %s whole at 390 px', async (username, path) => {
    const { context, page, errors } = await spanish(username, PHONE, path);
    await page.getByRole('navigation', { name: 'Menú principal' }).last().waitFor();
    expect(await cutLabels(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show the filter drawer's buttons whole at 390 px", async () => {
    const { context, page, errors } = await spanish('admin', PHONE, '/dashboard/admin/contracts');
    await page.getByRole('list', { name: 'Contratos' }).waitFor();
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('button', { name: /^Ver \d+ contratos$/ }).waitFor();
    expect(await cutTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show the carrier's offer buttons whole at 390 px", async () => {
    const { context, page, errors } = await spanish('carrier1', PHONE, '/dashboard/carrier');
    await page.getByRole('button', { name: 'Aceptar' }).first().waitFor();
    expect(await cutTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show the suppliers' request badges whole at 1280 px", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/suppliersabm');
    await page.getByRole('table', { name: 'Proveedores' }).getByText('Permitidas').first().waitFor();
    expect(await cutTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show a contract's dates in its edit modal as the list writes them", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/contracts?status=active');
    const row = page.getByRole('table', { name: 'Contratos' }).getByRole('row').nth(1);
    await row.waitFor();
    // The list names the month (`29 ago`, `29 ago 2027`); the inputs are typed DD/MM/YYYY (decision 0001
    // of src/shared/format): the same two days, each written by the one formatter.
    const listed = (await row.innerText()).match(/\d{1,2} [a-z]{3}( \d{4})?/g)!;
    expect(listed).toHaveLength(2);
    await row.getByRole('button', { name: /^Editar contrato/ }).click();
    const dialog = page.getByRole('dialog');
    const typed = (label: RegExp) => dialog.getByRole('button', { name: label }).innerText();
    const asListed = (text: string) => {
      const [day, month, year] = text.split('/');
      return formatDay(`${year}-${month}-${day}`, 'es');
    };
    await expect.poll(async () => asListed(await typed(/^Desde/))).toBe(listed[0]);
    expect(asListed(await typed(/^Hasta/))).toBe(listed[1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should name every carrier in the service-level chart at 390 px', async () => {
    const { context, page, errors } = await spanish('admin', PHONE, '/dashboard/admin/service-level');
    const cards = page.getByRole('list', { name: 'Nivel de servicio por transportista' });
    await cards.waitFor();
    const carriers = await cards
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent ?? ''));
    const tickTexts = page.locator('svg text.recharts-cartesian-axis-tick-value');
    await expect.poll(() => tickTexts.count()).toBeGreaterThan(carriers.length);
    // A name that wraps is split over lines: compare without spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    const ticks = (await tickTexts.allTextContents()).map(squeeze);
    expect(carriers.length).toBeGreaterThan(2);
    for (const name of carriers) expect(ticks).toContain(squeeze(name));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should keep the logo whole and the search full width at 390 px, offline with the outbox in the header', async () => {
    const { context, page, errors } = await spanish('admin', PHONE, '/dashboard/admin/ongoing');
    await page.locator('[data-ticket-id]').first().waitFor();
    // An item the server refused stays in the outbox until the user acts on it: it is never sent.
    await page.evaluate(async () => {
      const userId = (JSON.parse(localStorage.getItem('user')!) as { id: number }).id;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('scrap-portal-offline');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise((resolve, reject) => {
        const tx = database.transaction('outbox', 'readwrite');
        tx.objectStore('outbox').put({
          id: crypto.randomUUID(),
          userId,
          kind: 'customs-read',
          ticketId: 1,
          queuedAt: new Date().toISOString(),
          attempts: 1,
          state: 'refused',
          lastError: 'Ticket not found',
          lastStatus: 404,
          nextAttemptAt: 0,
          request: { method: 'PUT', path: '/tickets/1', json: { ticket: { customsRead: true } } },
        });
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      database.close();
    });
    await page.reload();
    const outbox = page.getByRole('button', { name: 'Bandeja de salida: 1 elemento rechazado por el servidor' });
    await outbox.waitFor();
    await context.setOffline(true);
    const badge = page.getByRole('status', { name: 'Sin conexión' });
    await badge.waitFor();

    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const logo = await box(page.locator('header img[src="/logo.svg"]'));
    const actions = [
      await box(badge),
      await box(outbox),
      await box(page.getByRole('radiogroup', { name: 'Idioma' })),
      await box(page.getByRole('button', { name: /^Cuenta de/ })),
    ];
    expect(logo.x).toBeGreaterThanOrEqual(0);
    for (const action of actions) {
      expect(action.x).toBeGreaterThanOrEqual(logo.x + logo.width);
      expect(action.x + action.width).toBeLessThanOrEqual(PHONE.width);
    }
    const search = await box(page.getByRole('search'));
    expect(search.x).toBeGreaterThanOrEqual(0);
    expect(search.x + search.width).toBeLessThanOrEqual(PHONE.width);
    // The whole row but the header's side padding.
    expect(search.width).toBeGreaterThanOrEqual(PHONE.width - 2 * 16 - 1);

    // Invoice numbers on the cards each take one line.
    const wrapped = await page.locator('[data-ticket-id]').evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll('span, mark')]
          .filter((element) => /^(INV|TA)-/.test(element.textContent ?? '') && element.children.length === 0)
          .filter((element) => {
            const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
            return element.getBoundingClientRect().height > lineHeight * 1.5;
          })
          .map((element) => element.textContent),
      ),
    );
    expect(wrapped).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
