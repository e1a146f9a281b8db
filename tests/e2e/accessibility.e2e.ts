/**
 * axe-core over every route the router defines, for each of the nine demo users and signed out, in
 * English and Spanish and in the light and dark schemes (each role's users between them; see below), at
 * 1280 px and 390 px: lists, ticket pages and the pages that take a ticket id,
 * the documentation forms with a ticket, the dialogs (new ticket, delete, accept, decline), the
 * bottom-bar menu and the filter drawer. No critical or serious violation may remain. One browser
 * context per user and language is reused across its routes (client-side navigation), so the sweep
 * stays short; its figures are printed at the end.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PATHS } from '../../src/app/paths';
import { DEMO_PASSWORD, DESKTOP, PHONE, launch, newContext } from './support/browser';
import { api, apiLogin } from './support/api';
import { runAxe, type AxeFinding } from './support/axe';
import { settle, trackRequests } from './support/settle';

type Lang = 'en' | 'es';
type Scheme = 'light' | 'dark';
type Area = 'signed-out' | 'signed-in' | 'admin' | 'adminro' | 'suppliers' | 'carrier' | 'customs' | 'ticket';

interface ApiTicket {
  id: number;
  status: { name: string };
  carrier: { mode: 'TRUCK' | 'RAILCAR' } | null;
  ticketAssignments: { status: { name: string }; carrier: { id: number } }[];
}

interface Screen {
  name: string;
  url: string;
  /** Navigation state, as the app passes a ticket to the documentation forms. */
  state?: unknown;
  /** Opens a dialog, menu or drawer after the page has settled. */
  open?: (page: Page) => Promise<void>;
}

/** Every path the app declares (paths.ts), flattened. */
function declaredPaths(): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(PATHS);
  return [...new Set(out)];
}

/** Who can see a declared path. A new area fails here, so that it gets a sweeper. */
function areaOf(path: string): Area {
  if (path === '/' || path === '/token' || path.startsWith('/login')) return 'signed-out';
  if (path === '/dashboard') return 'signed-in';
  const area = /^\/dashboard\/([^/]+)/.exec(path)?.[1];
  if (
    area === 'admin' ||
    area === 'adminro' ||
    area === 'suppliers' ||
    area === 'carrier' ||
    area === 'customs' ||
    area === 'ticket'
  )
    return area;
  throw new Error(`No sweeper for the route ${path}: add its area to the accessibility sweep`);
}

/**
 * The nine demo users. The first user of each role also gets a ticket page per status, the dialogs and
 * the phone's drawer and menus; the others their role's routes with their own data.
 */
const USERS: { username: string; areas: Area[]; full: boolean }[] = [
  { username: 'admin', areas: ['signed-in', 'admin', 'ticket'], full: true },
  { username: 'adminro', areas: ['signed-in', 'admin', 'adminro', 'ticket'], full: false },
  { username: 'supplier1', areas: ['signed-in', 'suppliers', 'ticket'], full: true },
  { username: 'supplier2', areas: ['signed-in', 'suppliers', 'ticket'], full: false },
  { username: 'carrier1', areas: ['signed-in', 'carrier', 'ticket'], full: true },
  { username: 'carrier2', areas: ['signed-in', 'carrier', 'ticket'], full: false },
  { username: 'rail1', areas: ['signed-in', 'carrier', 'ticket'], full: false },
  { username: 'customs1', areas: ['signed-in', 'customs', 'ticket'], full: true },
  { username: 'customs2', areas: ['signed-in', 'customs', 'ticket'], full: false },
];

/** The button of one of the two languages. */
const button = (page: Page, en: string, es: string) =>
  page.getByRole('button', { name: new RegExp(`^(${en}|${es})$`, 'i') }).first();

async function clickWhenThere(page: Page, en: string, es: string): Promise<boolean> {
  const target = button(page, en, es);
  if ((await target.count()) === 0) return false;
  await target.click();
  return true;
}

async function apiTickets(page: Page): Promise<ApiTicket[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/tickets?limit=200', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { tickets: ApiTicket[] }).tickets;
}

const withId = (pattern: string, id: number) => pattern.replace(':id', String(id));

/** The screens of one signed-in user: the role's routes with real ids, plus dialogs. */
function screensFor(areas: Area[], full: boolean, tickets: ApiTicket[]): Screen[] {
  const byStatus = new Map<string, ApiTicket>();
  for (const ticket of tickets) if (!byStatus.has(ticket.status.name)) byStatus.set(ticket.status.name, ticket);
  const first = (statuses: string[], mode?: 'TRUCK' | 'RAILCAR') =>
    tickets.find((t) => statuses.includes(t.status.name) && (!mode || t.carrier?.mode === mode));
  const documented = ['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'];
  const screens: Screen[] = [];
  for (const path of declaredPaths()) {
    const area = areaOf(path);
    if (!areas.includes(area)) continue;
    if (path.endsWith('/ticket') || path === PATHS.ticket) {
      // Each status shows other actions: the role's own ticket route shows them all, the shared one one.
      const shown = area === 'ticket' || !full ? tickets.slice(0, 1) : [...byStatus.values()];
      for (const ticket of shown)
        screens.push({ name: `${path} ${ticket.status.name}`, url: `${path}?id=${ticket.id}` });
      continue;
    }
    if (path.includes(':id')) {
      const ticket =
        path === PATHS.admin.taInvoice || path === PATHS.admin.ticketEdit
          ? first(['SUPPLIER_INVOICED', 'TA_INVOICED'])
          : path === PATHS.customs.railcarDocumentationDetail
            ? first(documented, 'RAILCAR')
            : path === PATHS.customs.truckDocumentationDetail
              ? first(documented, 'TRUCK')
              : first(documented);
      if (!ticket) {
        // The demo data gives every first user of a role a ticket for each of these pages.
        if (full) throw new Error(`No ticket to open ${path} with`);
        continue;
      }
      screens.push({ name: path, url: withId(path, ticket.id) });
      continue;
    }
    screens.push({ name: path, url: path });
  }
  if (!full) return screens;
  if (areas.includes('suppliers')) {
    for (const [mode, path] of [
      ['TRUCK', PATHS.suppliers.truckDocumentation],
      ['RAILCAR', PATHS.suppliers.railcarDocumentation],
    ] as const) {
      const confirmed = first(['CONFIRMED'], mode);
      if (confirmed)
        screens.push({
          name: `${path} with a ticket`,
          url: `${path}?id=${confirmed.id}`,
          state: { ticket: confirmed },
        });
      const edited = first(['SUPPLIER_INVOICED'], mode);
      if (edited) screens.push({ name: `${path} editing`, url: `${path}?id=${edited.id}`, state: { ticket: edited } });
    }
    screens.push({ name: 'new ticket dialog', url: `${PATHS.suppliers.root}?action=new-ticket` });
    screens.push({ name: 'delete ticket dialog', url: `${PATHS.suppliers.root}?action=delete-ticket` });
  }
  if (areas.includes('carrier') && first(['PENDING'])) {
    screens.push({
      name: 'accept dialog',
      url: PATHS.carrier.root,
      open: (page) => clickWhenThere(page, 'Accept', 'Aceptar').then(() => undefined),
    });
    screens.push({
      name: 'decline dialog',
      url: PATHS.carrier.root,
      open: (page) => clickWhenThere(page, 'Decline', 'Rechazar').then(() => undefined),
    });
  }
  return screens;
}

/** Phone-only screens: the list with its bottom bar, the filter drawer, a bottom-bar group menu. */
function phoneScreens(areas: Area[], full: boolean): Screen[] {
  const home = areas.includes('admin')
    ? PATHS.admin.ongoing
    : areas.includes('suppliers')
      ? PATHS.suppliers.root
      : areas.includes('carrier')
        ? PATHS.carrier.root
        : PATHS.customs.root;
  const list = { name: `390 px ${home}`, url: home };
  if (!full) return [list];
  return [
    list,
    {
      name: `390 px ${home} filter drawer`,
      url: home,
      open: (page) => clickWhenThere(page, 'Filters', 'Filtros').then(() => undefined),
    },
    {
      name: `390 px ${home} bottom-bar menu`,
      url: home,
      open: async (page) => {
        const group = page.getByRole('navigation').locator('button[aria-haspopup]').first();
        if ((await group.count()) > 0) await group.click();
      },
    },
  ];
}

/**
 * Client-side navigation, as a link does: the app and its axe copy stay loaded. It returns after a frame
 * and a task, when the router has begun opening the screen: until its code has come the page is busy
 * (the navigation bar) and the previous screen still shows, which settle() must not take for this one.
 */
async function navigate(page: Page, url: string, state?: unknown): Promise<void> {
  await page.evaluate(
    async ([target, usr]) => {
      window.history.pushState(
        { usr: usr ?? null, key: Math.random().toString(36).slice(2), idx: window.history.length },
        '',
        target,
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    },
    [url, state] as const,
  );
}

interface Tally {
  screens: number;
  byImpact: Record<string, { rules: number; nodes: number }>;
  failures: string[];
  other: Map<string, number>;
}
const tally: Tally = { screens: 0, byImpact: {}, failures: [], other: new Map() };

function record(where: string, findings: AxeFinding[]): string[] {
  tally.screens += 1;
  const serious: string[] = [];
  for (const finding of findings) {
    const impact = finding.impact ?? 'unknown';
    const entry = (tally.byImpact[impact] ??= { rules: 0, nodes: 0 });
    entry.rules += 1;
    entry.nodes += finding.nodes.length;
    const line = `${where}: ${finding.id} (${impact}) ${finding.help} — ${finding.nodes
      .slice(0, 4)
      .map((n) => `${n.target} [${n.summary}]`)
      .join('; ')}`;
    if (impact === 'critical' || impact === 'serious') serious.push(line);
    else
      tally.other.set(
        `${finding.id} (${impact})`,
        (tally.other.get(`${finding.id} (${impact})`) ?? 0) + finding.nodes.length,
      );
  }
  tally.failures.push(...serious);
  return serious;
}

const timing = { settle: 0, axe: 0 };
/** Screens already checked on a page: a route that only redirects (/, /dashboard) is not checked twice. */
const seen = new WeakMap<Page, Set<string>>();
async function check(page: Page, where: string, screen: Screen): Promise<string[]> {
  let t0 = Date.now();
  await navigate(page, screen.url, screen.state);
  await settle(page);
  const done = seen.get(page) ?? new Set<string>();
  seen.set(page, done);
  const shownAt = `${page.viewportSize()?.width} ${new URL(page.url()).pathname}${new URL(page.url()).search}`;
  if (!screen.open && !screen.state && done.has(shownAt)) return [];
  done.add(shownAt);
  if (screen.open) {
    await screen.open(page);
    await settle(page);
  }
  timing.settle += Date.now() - t0;
  t0 = Date.now();
  const found = await runAxe(page);
  timing.axe += Date.now() - t0;
  const serious = record(where, found);
  if (screen.open) {
    await page.keyboard.press('Escape');
    await settle(page);
  }
  return serious;
}

async function signInByApi(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username, password: DEMO_PASSWORD, expiresIn: 3_600_000 },
  });
  expect(response.ok()).toBe(true);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  await settle(page);
}

/** The scheme the page is drawn in: Mantine's attribute, and the page's background being dark or not. */
async function shownScheme(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attribute = document.documentElement.dataset.mantineColorScheme;
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    const darkBackground = (r ?? 255) + (g ?? 255) + (b ?? 255) < 3 * 96;
    return attribute === (darkBackground ? 'dark' : 'light')
      ? attribute
      : `${attribute} on a ${darkBackground ? 'dark' : 'light'} body`;
  });
}

let browser: Browser;
const started = Date.now();
/**
 * The demo data has no offer an administrator chose, so the sweep makes one: a new ticket of supplier1
 * handed to carrier1 by the admin. Being the newest pending ticket, it is the pending ticket page the
 * admin, supplier1 and carrier1 are swept on, with its "Assigned by an administrator" badge.
 */
async function manualOffer(): Promise<void> {
  const supplier = await apiLogin('supplier1');
  const { tickets } = await api<{ tickets: { id: number }[] }>('/tickets', {
    method: 'POST',
    token: supplier.token,
    body: { ticket: { count: 1, originDepotId: supplier.user.userDetail.supplier!.depots[0]!.id } },
  });
  const admin = await apiLogin('admin');
  const { carriers } = await api<{ carriers: { id: number; businessName: string }[] }>('/carriers', {
    token: admin.token,
  });
  const carrierId = carriers.find((c) => c.businessName === 'Rápido Freight Lines')!.id;
  await api(`/tickets/${tickets[0]!.id}/manual`, {
    method: 'PUT',
    token: admin.token,
    body: { ticket: { carrierId, reason: 'accessibility sweep' } },
  });
}

beforeAll(async () => {
  browser = await launch();
  await manualOffer();
});
afterAll(async () => {
  await browser?.close();
  const impacts = ['critical', 'serious', 'moderate', 'minor']
    .map((impact) => `${impact} ${tally.byImpact[impact]?.rules ?? 0} (${tally.byImpact[impact]?.nodes ?? 0} elements)`)
    .join(', ');
  const other = [...tally.other.entries()].map(([rule, nodes]) => `${rule} ×${nodes}`).join(', ');
  console.log(
    `axe sweep: ${tally.screens} screens checked in ${Math.round((Date.now() - started) / 1000)} s; violations by impact: ${impacts} (settle ${timing.settle} ms, axe ${timing.axe} ms)` +
      (other ? `\naxe sweep, moderate and minor: ${other}` : '') +
      // Also those of an attempt whose retry passed, which Vitest does not print.
      (tally.failures.length > 0 ? `\naxe sweep, critical and serious:\n${tally.failures.join('\n')}` : ''),
  );
});

describe('accessibility sweep (axe-core)', () => {
  it('should sweep every route the router declares', () => {
    // Each `path: '…'` of the router must end one of the declared paths, so that it is swept.
    const router = readFileSync(new URL('../../src/app/router.tsx', import.meta.url), 'utf8');
    const segments = [...router.matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]!).filter((s) => s !== '/' && s !== '*');
    const declared = declaredPaths();
    expect(segments.filter((s) => !declared.some((p) => p === `/${s}` || p.endsWith(`/${s}`)))).toEqual([]);
    for (const path of declared) areaOf(path);
  });

  // Signed out: English in the light scheme, Spanish in the dark one (AXE_EVERY_SCHEME=1: both in both).
  const signedOut: [Lang, Scheme][] =
    process.env.AXE_EVERY_SCHEME === '1'
      ? [
          ['en', 'light'],
          ['en', 'dark'],
          ['es', 'light'],
          ['es', 'dark'],
        ]
      : [
          ['en', 'light'],
          ['es', 'dark'],
        ];
  it.each(signedOut)('should find no critical or serious violation signed out (%s, %s)', async (lang, scheme) => {
    const context = await newContext(browser, DESKTOP, lang === 'es' ? 'es-MX' : 'en-US', scheme);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto('/login');
    await settle(page);
    expect(await shownScheme(page)).toBe(scheme);
    const serious: string[] = [];
    for (const path of declaredPaths().filter((p) => areaOf(p) === 'signed-out')) {
      serious.push(...(await check(page, `signed out ${lang} ${scheme} 1280px ${path}`, { name: path, url: path })));
    }
    await page.setViewportSize(PHONE);
    for (const path of [PATHS.login.root, PATHS.login.traditional]) {
      serious.push(...(await check(page, `signed out ${lang} ${scheme} 390px ${path}`, { name: path, url: path })));
    }
    await context.close();
    expect(serious).toEqual([]);
  });

  // Each user is swept in one language, and each role's users between them in both: the first user of
  // a role (its dialogs, a ticket page per status, the phone's drawer and menus) in one, the role's
  // other users (the same screens with their own data) in the other, so the sweep fits in CI's time.
  // AXE_EVERY_LANGUAGE=1 sweeps every user in both. The schemes are shared out the same way: each role is
  // swept in light and in dark, and the dialogs and phone menus of the first users in one or the other
  // (AXE_EVERY_SCHEME=1 sweeps every user in both).
  const everyLanguage = process.env.AXE_EVERY_LANGUAGE === '1';
  const everyScheme = process.env.AXE_EVERY_SCHEME === '1';
  const ONE_SCHEME: Record<string, Scheme> = {
    admin: 'light',
    adminro: 'dark',
    supplier1: 'dark',
    supplier2: 'light',
    carrier1: 'dark',
    carrier2: 'light',
    rail1: 'light',
    customs1: 'light',
    customs2: 'dark',
  };
  const ONE_LANGUAGE: Record<string, Lang> = {
    admin: 'en',
    adminro: 'es',
    supplier1: 'es',
    supplier2: 'en',
    carrier1: 'en',
    carrier2: 'es',
    rail1: 'es',
    customs1: 'en',
    customs2: 'es',
  };
  for (const user of USERS) {
    const langs: Lang[] = everyLanguage ? ['en', 'es'] : [ONE_LANGUAGE[user.username] ?? 'en'];
    const schemes: Scheme[] = everyScheme ? ['light', 'dark'] : [ONE_SCHEME[user.username] ?? 'light'];
    const runs = langs.flatMap((lang) => schemes.map((scheme): [Lang, Scheme] => [lang, scheme]));
    it.each(runs)(
      `should find no critical or serious violation for ${user.username} (%s, %s)`,
      async (lang, scheme) => {
        const context = await newContext(browser, DESKTOP, lang === 'es' ? 'es-MX' : 'en-US', scheme);
        const page = await context.newPage();
        trackRequests(page);
        await signInByApi(page, user.username);
        // The portal follows the device's scheme: the sweep checks the scheme it means to.
        expect(await shownScheme(page)).toBe(scheme);
        const tickets = await apiTickets(page);
        const serious: string[] = [];
        for (const screen of screensFor(user.areas, user.full, tickets)) {
          serious.push(...(await check(page, `${user.username} ${lang} ${scheme} 1280px ${screen.name}`, screen)));
        }
        await page.setViewportSize(PHONE);
        for (const screen of phoneScreens(user.areas, user.full)) {
          serious.push(...(await check(page, `${user.username} ${lang} ${scheme} 390px ${screen.name}`, screen)));
        }
        await context.close();
        expect(serious).toEqual([]);
      },
    );
  }
});
