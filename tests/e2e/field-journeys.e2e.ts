/**
 * The field journeys, written once and run in every engine a phone in the yard or the cab may have
 * (support/field: Chromium, Firefox over WebDriver BiDi, WebKit over WebDriver): signing in with the form
 * and through single sign-on's /token on a first visit, the service worker and manifest, an offline reload
 * of each role's saved home list, a carrier's accept and decline made offline, a railcar documentation with
 * 4 PDFs and 4 photos (one a 12-megapixel camera JPEG, compressed in the browser) made offline at 390 px,
 * and each delivered exactly once when the connection returns, with the page kept open or closed between.
 *
 * Offline is the same in every engine: the browser reaches the portal through a proxy on loopback that
 * the test takes down and brings back (support/cutting-proxy.ts), as a phone losing its signal sees it.
 * Each engine's run starts a browser of its own per user, a first visit of the portal each time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { pdf, png } from '../fixtures/files';
import { api, apiLogin } from './support/api';
import { DEMO_PASSWORD, baseUrl } from './support/browser';
import { QUEUED_PHOTO_SIZES } from './support/camera-photo';
import { launchCuttingProxy, type CuttingProxy } from './support/cutting-proxy';
import {
  fieldEngines,
  firstShown,
  launchField,
  type EngineName,
  type FieldBrowser,
  type FieldPage,
  type Screen,
} from './support/field/engines';
import { SSO_SUPPLIER_LOGIN } from './support/sso-provider';

// ---------- what the page shows, as XPath and expressions every engine understands ----------

const quoted = (text: string) => (text.includes("'") ? `"${text}"` : `'${text}'`);
/** A button by its text or its accessible label. */
const button = (name: string) => `//button[normalize-space(.)=${quoted(name)} or @aria-label=${quoted(name)}]`;
/** The input, textarea or button a label names (Mantine links them by id; required labels end in ' *'). */
const field = (label: string, tag = '*') =>
  `//${tag}[@id=//label[starts-with(normalize-space(.), ${quoted(label)})]/@for]`;
const option = (text: string) => `//*[@role='option'][contains(normalize-space(.), ${quoted(text)})]`;
const ticketCard = (id: number) => `//*[@data-ticket-id='${id}']`;
const inCard = (id: number, xpath: string) => `${ticketCard(id)}${xpath}`;

const pathname = (page: FieldPage) => page.evaluate<string>('location.pathname');

/** What the input the XPath names holds. */
const valueOf = (page: FieldPage, xpath: string) =>
  page.evaluate<string>(
    `document.evaluate(${JSON.stringify(xpath)}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue?.value ?? ''`,
  );

/** Whether the XPath names an element that is shown. */
const shows = (page: FieldPage, xpath: string) => page.evaluate<boolean>(`${firstShown(xpath)} !== null`);

async function until(read: () => Promise<unknown>, wanted: unknown = true): Promise<void> {
  await expect.poll(read, { interval: 250 }).toEqual(wanted);
}
const untilShown = (page: FieldPage, xpath: string) => until(() => shows(page, xpath));
const untilPath = (page: FieldPage, wanted: string) => until(() => pathname(page), wanted);

/** A notification's text, as the toasts show it. */
const toast = (text: string) =>
  `//*[contains(@class, 'mantine-Notification-root')][contains(normalize-space(.), ${quoted(text)})]`;
const outbox = (label: string) => `//button[@aria-label=${quoted(label)}]`;

/**
 * The service worker controls the page and holds the signed-in user's screens, and the persisted query
 * cache holds each of `lists` (the same wait as support/browser.ts's untilOfflineReady, for any engine).
 */
async function untilOfflineReady(page: FieldPage, lists: string[] = ['"tickets"']): Promise<void> {
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return true;
  })()`);
  await until(() =>
    page.evaluate<boolean>(`(async () => {
      const response = await (await caches.open('portal-screens-wanted')).match('/__screens-wanted.json');
      const groups = response ? await response.json() : [];
      return groups.includes('signed-in') && groups.includes('locale:en');
    })()`),
  );
  // The worker answers once the screens are cached. A worker stopped meanwhile (WebKit stops a busy one
  // too) has lost the question, so it is asked again every 10 s (caching what is cached is a no-op).
  await page.evaluate(`new Promise((resolve) => {
    const ask = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearInterval(again);
        resolve(true);
      };
      navigator.serviceWorker.controller.postMessage({ type: 'CACHE_SCREENS' }, [channel.port2]);
    };
    const again = setInterval(ask, 10000);
    ask();
  })`);
  // Asked again until the app's store holds them. The probe looks for the store by name first and opens
  // it only once the app has made it (opening a missing one would make an empty one, the one the app then
  // opens). WebKit once left an open request unanswered under load, and a probe that never answers held
  // the journey until the script's limit (180 s, then the retry). So no ask waits more than 5 s: an ask
  // starts a new probe when the last one has been out that long, and every probe still counts when it
  // answers, however late (a slow store is never taken for an empty one).
  await until(() =>
    page.evaluate<boolean>(`(async () => {
      const name = 'scrap-portal-offline';
      const needles = ${JSON.stringify(lists)};
      const probe = async () => {
        if (!(await indexedDB.databases()).some((database) => database.name === name)) return false;
        return await new Promise((resolve) => {
          const request = indexedDB.open(name);
          request.onupgradeneeded = () => request.transaction.abort();
          request.onerror = () => resolve(false);
          request.onblocked = () => resolve(false);
          request.onsuccess = () => {
            const database = request.result;
            const answer = (value) => {
              database.close();
              resolve(value);
            };
            if (!database.objectStoreNames.contains('kv')) return answer(false);
            const rows = database.transaction('kv').objectStore('kv').getAll();
            rows.onerror = () => answer(false);
            rows.onsuccess = () =>
              answer(rows.result.some((row) => row.key.startsWith('query-cache:') && needles.every((needle) => row.value.includes(needle))));
          };
        });
      };
      // Kept on the page between asks, one set per list of needles.
      const probes = ((window.__offlineReadyProbes ??= {})[needles.join()] ??= { found: false, out: [] });
      const newest = probes.out[probes.out.length - 1];
      if (!probes.found && (!newest || Date.now() - newest.started > 5000)) {
        const entry = { started: Date.now() };
        entry.answered = probe()
          .catch(() => false)
          .then((found) => {
            if (found) probes.found = true;
            probes.out = probes.out.filter((other) => other !== entry);
          });
        probes.out.push(entry);
      }
      if (!probes.found)
        await Promise.race([...probes.out.map((entry) => entry.answered), new Promise((resolve) => setTimeout(resolve, 5000))]);
      return probes.found;
    })()`),
  );
}

async function signIn(page: FieldPage, username: string): Promise<void> {
  await page.goto('/login/tradicional');
  await page.type("//input[@autocomplete='username']", username);
  await page.type("//input[@autocomplete='current-password']", DEMO_PASSWORD);
  await page.click("//button[@type='submit']");
  await until(async () => (await pathname(page)).startsWith('/dashboard/'));
}

// ---------- tickets made through the API for each journey ----------

interface ApiTicket {
  id: number;
  status: { name: string };
  ticketAssignments: { status: { name: string }; carrier: { id: number; businessName: string } }[];
}

const admin = () => apiLogin('admin');

/** A new PENDING ticket of supplier2, offered to the carrier named `carrierName`. */
async function pendingTicket(carrierName: string): Promise<number> {
  const supplier = await apiLogin('supplier2');
  const { tickets } = await api<{ tickets: { id: number }[] }>('/tickets', {
    method: 'POST',
    token: supplier.token,
    body: { ticket: { count: 1, originDepotId: supplier.user.userDetail.supplier?.depots[0]?.id } },
  });
  const id = tickets[0]!.id;
  const { token } = await admin();
  const { carriers } = await api<{ carriers: { id: number; businessName: string }[] }>('/carriers', { token });
  const carrier = carriers.find((c) => c.businessName === carrierName)!;
  const { ticket } = await api<{ ticket: ApiTicket }>(`/tickets/${id}`, { token });
  if (ticket.ticketAssignments.find((a) => a.status.name === 'PENDING')?.carrier.id !== carrier.id) {
    await api(`/tickets/${id}/manual`, {
      method: 'PUT',
      token,
      body: { ticket: { carrierId: carrier.id, reason: 'field journeys' } },
    });
  }
  return id;
}

/** A new ticket of supplier2, accepted by `carrierLogin` (the carrier named `carrierName`). */
async function confirmedTicket(carrierName: string, carrierLogin: string): Promise<number> {
  const id = await pendingTicket(carrierName);
  const carrier = await apiLogin(carrierLogin);
  await api(`/tickets/${id}/confirm`, {
    method: 'PUT',
    token: carrier.token,
    body: { ticket: { withdrawalDate: earliestSlot(new Date(), 0).instant.toISOString(), timezone: 0 } },
  });
  return id;
}

async function ticketOf(id: number): Promise<ApiTicket> {
  return (await api<{ ticket: ApiTicket }>(`/tickets/${id}`, { token: (await admin()).token })).ticket;
}

interface ApiDocumentation {
  salesInvoice: unknown[];
  weightCertificate: unknown[];
  BL?: unknown[];
  radioactiveCertificate: unknown[];
  photos: unknown[];
}

/** The railcar documentation the server holds for a ticket, or null. */
async function railcarDocumentationOf(id: number): Promise<ApiDocumentation | null> {
  const response = await fetch(`${baseUrl()}/api/railcar-documentation/${id}/ticket`, {
    headers: { authorization: `Bearer ${(await admin()).token}` },
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return ((await response.json()) as { railcarDocumentation: ApiDocumentation }).railcarDocumentation;
}

/** The statuses of carrier1's offers of a ticket. */
async function carrier1Offers(id: number): Promise<string[]> {
  const { ticketAssignments } = await ticketOf(id);
  return ticketAssignments.filter((a) => a.carrier.businessName === 'Rápido Freight Lines').map((a) => a.status.name);
}

// ---------- the files a yard clerk picks ----------

let filesDir = '';
const files = { pdfs: [] as string[], photos: [] as string[] };

async function writeFiles(): Promise<void> {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'field-journeys-'));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(filesDir, name);
    writeFileSync(file, bytes);
    return file;
  };
  files.pdfs = ['invoice', 'weight-certificate', 'bill-of-lading', 'radioactivity'].map((name) =>
    write(`${name}.pdf`, pdf(300_000)),
  );
  // A phone camera's 12-megapixel photo (about 4032 × 3024, sensor noise), and three small ones.
  const camera = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#7a6a55',
      noise: { type: 'gaussian', mean: 110, sigma: 18 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  files.photos = [write('railcar-side.jpg', camera), ...[1, 2, 3].map((n) => write(`seal-${n}.png`, png()))];
}

// ---------- the journeys ----------

let proxy: CuttingProxy;
beforeAll(async () => {
  proxy = await launchCuttingProxy(new URL(baseUrl()).port);
  await writeFiles();
});
afterAll(async () => {
  await proxy?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe.each(fieldEngines())('field journeys in %s', (engine: EngineName) => {
  const open: FieldBrowser[] = [];
  /** A browser of its own (a first visit of the portal) on the proxy, or on the portal itself. */
  async function browserFor(screen: Screen, base = proxy.url): Promise<FieldBrowser> {
    const browser = await launchField(engine, base, screen);
    open.push(browser);
    const newPage = browser.newPage.bind(browser);
    browser.newPage = async () => {
      const page = await newPage();
      pages.push(page);
      return page;
    };
    return browser;
  }
  const pages: FieldPage[] = [];
  // A failed journey shows what its pages showed, in the log and in tests/.tmp/e2e-failures/.
  afterEach(async (context) => {
    const shown = pages.splice(0);
    if (context.task.result?.state !== 'fail') return;
    const dir = path.resolve('tests/.tmp/e2e-failures');
    mkdirSync(dir, { recursive: true });
    for (const [n, page] of shown.entries()) {
      const said = await page
        .evaluate<string>("location.href + '\\n' + document.body.innerText.slice(0, 1500)")
        .catch((error: Error) => `(closed: ${error.message.split('\n')[0]})`);
      console.log(`[failed ${engine} page ${n + 1}] ${said}`);
      const picture = await page.screenshot().catch(() => null);
      if (picture) writeFileSync(path.join(dir, `field-${engine}-${n + 1}.png`), picture);
    }
  });
  async function done(browser: FieldBrowser) {
    open.splice(open.indexOf(browser), 1);
    await browser.close();
  }
  // A journey that failed offline leaves the next one a connection.
  afterEach(() => proxy.online());
  afterAll(async () => {
    await Promise.all(open.map((browser) => browser.close().catch(() => undefined)));
  });

  it('should sign in with the form, install the service worker and offer the manifest', async () => {
    const browser = await browserFor('phone');
    const page = await browser.newPage();
    await signIn(page, 'carrier1');
    expect(await pathname(page)).toBe('/dashboard/carrier');
    const installed = await page.evaluate<{
      scope: string;
      name: string;
      display: string;
      icons: number;
    }>(`(async () => {
      const registration = await navigator.serviceWorker.ready;
      const manifest = await (await fetch(document.querySelector('link[rel=manifest]').href)).json();
      return { scope: registration.scope, name: manifest.name, display: manifest.display, icons: manifest.icons.length };
    })()`);
    expect(installed).toEqual({
      scope: `${proxy.url}/`,
      name: expect.stringMatching(/\S/),
      display: 'standalone',
      icons: expect.any(Number),
    });
    expect(installed.icons).toBeGreaterThan(0);
    await page.reload();
    await until(() => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'));
    await done(browser);
  });

  it('should sign in through single sign-on on a first visit of the portal, on the page /token opened', async () => {
    // A race of WebKit's showed on a first visit only, in 3 of 8 tries: each try is a new browser.
    const tries = engine === 'webkit' ? 4 : 1;
    for (let attempt = 0; attempt < tries; attempt++) {
      // Single sign-on returns to the portal's own address, so this browser goes there without the proxy.
      const browser = await browserFor('phone', baseUrl());
      const page = await browser.newPage();
      await page.goto('/api/auth/login/supplier');
      await page.type("//input[@name='login']", SSO_SUPPLIER_LOGIN);
      await page.type("//input[@name='password']", 'any password');
      await page.click("//button[@type='submit']");
      await page.click("//button[contains(normalize-space(.), 'Continue')]");
      await untilPath(page, '/dashboard/suppliers');
      await untilShown(page, "//h1[normalize-space(.)='My requests']");
      expect(await page.evaluate<string>("localStorage.getItem('token')")).toMatch(/^ey/);
      // The session was taken on the page the hand-off opened: no reload had to carry it.
      expect(await page.evaluate<string>("new URL(performance.getEntriesByType('navigation')[0].name).pathname")).toBe(
        '/token',
      );
      await done(browser);
    }
  });

  it.each([
    { username: 'supplier2', home: '/dashboard/suppliers', screen: 'phone' as const },
    { username: 'carrier1', home: '/dashboard/carrier', screen: 'phone' as const },
    { username: 'customs1', home: '/dashboard/customs', screen: 'phone' as const },
    { username: 'admin', home: '/dashboard/admin/ongoing', screen: 'desktop' as const },
  ])(
    'should reload $username home list with no connection and show what it showed',
    async ({ username, home, screen }) => {
      const browser = await browserFor(screen);
      const page = await browser.newPage();
      await signIn(page, username);
      await untilPath(page, home);
      await untilShown(page, '//*[@data-ticket-id]');
      await untilOfflineReady(page);
      const ids = () =>
        page.evaluate<string[]>(
          "[...document.querySelectorAll('[data-ticket-id]')].filter((row) => row.getClientRects().length > 0).map((row) => row.dataset.ticketId)",
        );
      const shown = await ids();
      expect(shown.length).toBeGreaterThan(0);

      proxy.offline();
      try {
        await page.reload();
        await untilShown(page, "//*[@role='status'][@aria-label='Offline']");
        await until(ids, shown);
        expect(await pathname(page)).toBe(home);
      } finally {
        proxy.online();
      }
      await done(browser);
    },
  );

  it('should keep an accept and a decline made offline in the cab, and deliver each once after the page was closed', async () => {
    const offered = await pendingTicket('Rápido Freight Lines');
    const confirmed = await confirmedTicket('Rápido Freight Lines', 'carrier1');
    const browser = await browserFor('phone');
    const page = await browser.newPage();
    await signIn(page, 'carrier1');
    // The home shows the new offer and the new pickup at the top of their sections.
    await untilShown(page, inCard(offered, button('Accept')));
    await untilShown(page, inCard(confirmed, button('Decline')));
    await untilOfflineReady(page);

    proxy.offline();
    await page.click(inCard(offered, button('Accept')));
    await untilShown(page, `//*[@role='dialog']//*[contains(normalize-space(.), 'Accept trip #${offered}')]`);
    // The earliest pickup is proposed; the driver takes it.
    await until(async () =>
      /\d:\d{2}\s(AM|PM)$/.test(await valueOf(page, `//*[@role='dialog']${field('Withdrawal time', 'input')}`)),
    );
    await page.click(`//*[@role='dialog']${button('Accept')}`);
    await untilShown(page, toast('No connection: saved in the outbox'));
    await untilShown(page, outbox('Outbox: 1 waiting to be sent'));

    await page.click(inCard(confirmed, button('Decline')));
    await page.type(`//*[@role='dialog']${field('Reason', 'textarea')}`, 'Truck broke down at the border');
    await page.click(`//*[@role='dialog']${button('Decline')}`);
    await untilShown(page, outbox('Outbox: 2 waiting to be sent'));
    expect((await ticketOf(offered)).status.name).toBe('PENDING');
    expect((await ticketOf(confirmed)).status.name).toBe('CONFIRMED');

    // The driver puts the phone away; the signal comes back; the portal is opened again.
    const next = await browser.newPage();
    await page.close();
    proxy.online();
    await next.goto('/dashboard/carrier');
    await until(async () => (await ticketOf(offered)).status.name, 'CONFIRMED');
    await until(async () => (await ticketOf(confirmed)).status.name, 'PENDING');
    // Sent, with nothing left or refused in the outbox: a second delivery of either would have been
    // refused (the ticket had moved on), and the carrier holds one offer of each, as answered.
    await until(() => shows(next, "//button[starts-with(@aria-label, 'Outbox:')]"), false);
    expect(await carrier1Offers(offered)).toEqual(['CONFIRMED']);
    expect(await carrier1Offers(confirmed)).toEqual(['DECLINED']);
    await done(browser);
  });

  it('should keep a railcar documentation with 4 PDFs and 4 photos made offline at 390 px, compress the camera photo, and create it once with the page open', async () => {
    const tripId = await confirmedTicket('Northern Rail Logistics', 'rail1');
    const browser = await browserFor('phone');
    const page = await browser.newPage();
    await signIn(page, 'supplier2');
    await page.goto('/dashboard/suppliers/railcar-documentation');
    // The lists the form needs offline are read once online: tickets, destinations, materials.
    for (const label of ['Ticket', 'Destination', 'Material']) {
      await page.click(field(label, 'input'));
      await untilShown(page, "//*[@role='option']");
      await page.pressEscape();
    }
    await untilOfflineReady(page, ['"confirmed-pick-list"', '"destinations"', '"materials"']);

    proxy.offline();
    await page.click(field('Ticket', 'input'));
    await page.click(option(`#${tripId} `));
    await until(() => valueOf(page, field('Carrier', 'input')), 'Northern Rail Logistics');
    if ((await valueOf(page, field('Destination', 'input'))) === '') {
      await page.click(field('Destination', 'input'));
      await page.click("//*[@role='option']");
    }
    await page.click(field('Invoice date', 'button'));
    await page.click("//table//button[normalize-space(.)='1']");
    await page.type(field('Invoice number', 'input'), `FIELD-${engine}-${Date.now()}`);
    await page.type(field('Invoice amount', 'input'), '45000');
    await page.type(field('WayBill', 'input'), '9876543');
    await page.type(field('Car/Equipment', 'input'), 'GATX123456');
    await page.type(field('Gross weight', 'input'), '220000');
    await page.type(field('Tare weight', 'input'), '60000');
    await page.click(field('Material', 'input'));
    await page.click("//*[@role='option']");
    const slots = ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate'];
    for (const [index, slot] of slots.entries())
      await page.setFiles(`//input[@data-slot='${slot}']`, [files.pdfs[index]!]);
    await page.setFiles("//input[@data-slot='photos']", files.photos);
    await untilShown(page, button('Remove photo 4'));
    await page.click(button('Upload'));
    await untilShown(page, toast('No connection: saved in the outbox'));
    await untilPath(page, '/dashboard/suppliers');
    await untilShown(page, outbox('Outbox: 1 waiting to be sent'));
    // The camera's photo went into the outbox compressed in the browser, under 1 MB.
    const [cameraPhoto] = await page.evaluate<number[]>(QUEUED_PHOTO_SIZES);
    expect(cameraPhoto).toBeGreaterThan(0);
    expect(cameraPhoto).toBeLessThan(1_000_000);
    expect(await railcarDocumentationOf(tripId)).toBeNull();
    // WebKitWebDriver's sessions are ephemeral, as Safari's private windows are, and refuse a Blob in
    // IndexedDB: the outbox holds the files' bytes and says the window loses them when it closes.
    await page.click("//button[starts-with(@aria-label, 'Outbox:')]");
    const windowOnly = "//*[@data-testid='outbox-window-only']";
    await untilShown(page, "//*[@data-testid='outbox-oldest']");
    expect(await shows(page, windowOnly)).toBe(engine === 'webkit');
    await page.pressEscape();

    // The signal comes back with the page still open: the outbox sends it by itself, once.
    proxy.online();
    await until(async () => (await railcarDocumentationOf(tripId)) !== null);
    await until(() => shows(page, "//button[starts-with(@aria-label, 'Outbox:')]"), false);
    const documentation = (await railcarDocumentationOf(tripId))!;
    expect({
      pdfs:
        documentation.salesInvoice.length +
        documentation.weightCertificate.length +
        (documentation.BL ?? []).length +
        documentation.radioactiveCertificate.length,
      photos: documentation.photos.length,
    }).toEqual({ pdfs: 4, photos: 4 });
    expect((await ticketOf(tripId)).status.name).toBe('SUPPLIER_INVOICED');
    await done(browser);
  });
});
