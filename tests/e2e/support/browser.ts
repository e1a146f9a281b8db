/** Headless Debian Chromium driven by playwright-core (never a downloaded browser). */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { PATIENCE_MS } from '../../fixtures/patience';

export const DEMO_PASSWORD = 'Demo-1234!';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function baseUrl(): string {
  return inject('baseUrl');
}

/** The browsers this test file launched and has not closed: a failing test shows what their pages showed. */
export const launchedBrowsers = new Set<Browser>();

/**
 * Chromium features turned off for the tests, with the reason; passed as one `--disable-features`.
 * Chromium keeps only the last `--disable-features` of its command line, so this list also carries
 * Playwright's own (checked at every launch by `checkDisabledFeatures`).
 */
const DISABLED_FEATURES = [
  // Playwright's list (playwright-core's chromiumSwitches), which ours would otherwise replace.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Headless Chromium loads the address bar's suggestion popup (a WebUI page in a renderer of its own) into
  // every new context: 0.6-0.8 s of CPU per context, for a popup no test opens. The suite makes a
  // context per user visit, so this was about a tenth of its time.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * Fails the launch when the browser did not get every feature this file turns off: a Playwright update
 * that adds to its own list (which ours replaces) must add it here too, or its fix would be lost silently.
 */
async function checkDisabledFeatures(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  const pid = processInfo.find((info) => info.type === 'browser')!.id;
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.split('=')[1]!.split(','));
  const kept = new Set(lists.at(-1));
  const lost = lists.flat().filter((name) => name && !kept.has(name));
  if (lost.length > 0) {
    await browser.close();
    throw new Error(
      `Chromium would not get these disabled features; add them to DISABLED_FEATURES: ${lost.join(', ')}`,
    );
  }
}

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ],
  });
  await checkDisabledFeatures(browser);
  // Every page action and wait of every context made from this browser waits as long as the tests'
  // patience (tests/fixtures/patience.ts), not Playwright's 30 s.
  const makeContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await makeContext(options);
    context.setDefaultTimeout(PATIENCE_MS);
    return context;
  };
  launchedBrowsers.add(browser);
  browser.on('disconnected', () => launchedBrowsers.delete(browser));
  return browser;
}

/**
 * `colorScheme`: the device's setting, which the portal follows until the user picks a scheme.
 * `serviceWorker`: whether the portal's service worker installs. A screen's test sees the page as a first
 * visit does, before the worker has taken over: installing it precaches and compiles every built file,
 * which was 30 % of Chromium's CPU in a screen test's run. The tests of what the worker does (offline,
 * push, the install itself) ask for it.
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  locale = 'en-US',
  colorScheme: 'light' | 'dark' = 'light',
  serviceWorker: 'installed' | 'blocked' = 'blocked',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale,
    colorScheme,
    serviceWorkers: serviceWorker === 'installed' ? 'allow' : 'block',
  });
}

/**
 * Collects page errors, CSP violations and messages shown without their text (a screen rendered before
 * its catalogue) so a test can assert the page ran cleanly.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Missing text for message/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

/**
 * Until the app works offline: the service worker controls the page and holds the signed-in user's
 * screens in `locale` (the shell is precached at install; the page names the user's screens once signed
 * in, and the worker answers a CACHE_SCREENS message with a port once they are cached).
 */
export async function untilOfflineReady(page: Page, locale: 'en' | 'es' = 'en'): Promise<void> {
  // A page.evaluate has no time limit of its own: this one gives up after the tests' patience with what
  // it was waiting for, so a worker that never answers fails the test (and its retry runs) instead of
  // holding the file until the test's own limit.
  await page.evaluate(
    async ([wantedLocale, patienceMs]) => {
      const deadline = Date.now() + patienceMs;
      const within = async <T>(what: string, promise: Promise<T>): Promise<T> => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`offline-ready: ${what}`)), Math.max(0, deadline - Date.now()));
        });
        try {
          return await Promise.race([promise, late]);
        } finally {
          clearTimeout(timer);
        }
      };
      await within('no service worker became ready', navigator.serviceWorker.ready);
      if (!navigator.serviceWorker.controller) {
        await within(
          'the service worker never took control of the page',
          new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          ),
        );
      }
      const wanted = async () => {
        const response = await (await caches.open('portal-screens-wanted')).match('/__screens-wanted.json');
        const groups = response ? ((await response.json()) as string[]) : [];
        return groups.includes('signed-in') && groups.includes(`locale:${wantedLocale}`);
      };
      while (!(await wanted())) {
        if (Date.now() > deadline)
          throw new Error(`offline-ready: the app never asked for the ${wantedLocale} screens`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The worker answers once the screens are cached. A worker stopped and started again meanwhile has
      // lost the question, so it is asked again every 10 s (caching what is already cached is a no-op).
      await within(
        'the service worker never said the screens were cached',
        new Promise<void>((resolve) => {
          const ask = () => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              clearInterval(again);
              resolve();
            };
            navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_SCREENS' }, [channel.port2]);
          };
          const again = setInterval(ask, 10_000);
          ask();
        }),
      );
    },
    [locale, PATIENCE_MS] as const,
  );
}

/** A screenshot for a person to look at, when E2E_SHOTS_DIR names a folder; nothing otherwise. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
