/**
 * The field journeys' browsers: one small interface over the three engines a phone in the yard or the cab
 * may run, so that each journey is written once (tests/e2e/field-journeys.e2e.ts) and runs in all of them:
 * - Chromium: Debian's chromium through playwright-core;
 * - Firefox: Debian's firefox-esr over WebDriver BiDi, through puppeteer-core;
 * - WebKit: WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (classic WebDriver) under xvfb-run,
 *   driven by selenium-webdriver.
 * Never a downloaded browser. Elements are named by XPath, which all three understand; what a page shows
 * is read with `evaluate`, a JavaScript expression (a string: the test's compiled helpers do not exist in
 * the page).
 *
 * E2E_ENGINES (comma-separated, default `chromium,firefox,webkit`) picks the engines, e.g.
 * `E2E_ENGINES=webkit npx vitest run --config tests/e2e/vitest.config.ts tests/e2e/field-journeys.e2e.ts`.
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINE_NAMES: EngineName[] = ['chromium', 'firefox', 'webkit'];

/** A phone (390 × 844 CSS px) or a desktop (1280 × 800). */
export type Screen = 'phone' | 'desktop';
export const SCREENS: Record<Screen, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

export interface FieldPage {
  /** Loads `address`: a path on the browser's base address, or a whole URL. */
  goto(address: string): Promise<void>;
  reload(): Promise<void>;
  /** The value of a JavaScript expression in the page; a promise is awaited. */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits for the element to be shown (the first one shown, when the XPath names several), then clicks it as a person would. */
  click(xpath: string): Promise<void>;
  /** Waits for the field, then types `text` into it (an empty field: the journeys type once per field). */
  type(xpath: string, text: string): Promise<void>;
  /** Picks files from disk in a file input, as the file chooser does. */
  setFiles(xpath: string, paths: string[]): Promise<void>;
  pressEscape(): Promise<void>;
  /** A PNG of what the screen shows. */
  screenshot(): Promise<Buffer>;
  /** Closes this page; a browser keeps one page open at least (WebDriver ends with its last window). */
  close(): Promise<void>;
}

/** One browser with one profile: its pages share storage, service worker and cookies, as a phone's tabs do. */
export interface FieldBrowser {
  readonly engine: EngineName;
  readonly screen: Screen;
  newPage(): Promise<FieldPage>;
  close(): Promise<void>;
}

export type LaunchField = (base: string, screen: Screen) => Promise<FieldBrowser>;

/** The engines this run drives (E2E_ENGINES), in a fixed order. */
export function fieldEngines(): EngineName[] {
  const wanted = (process.env.E2E_ENGINES ?? ENGINE_NAMES.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !ENGINE_NAMES.includes(name as EngineName));
  if (unknown.length > 0) throw new Error(`E2E_ENGINES names no engine: ${unknown.join(', ')}`);
  return ENGINE_NAMES.filter((name) => wanted.includes(name));
}

export async function launchField(engine: EngineName, base: string, screen: Screen): Promise<FieldBrowser> {
  const launchers: Record<EngineName, () => Promise<{ launchField: LaunchField }>> = {
    chromium: () => import('./chromium'),
    firefox: () => import('./firefox'),
    webkit: () => import('./webkit'),
  };
  return (await launchers[engine]()).launchField(base, screen);
}

/**
 * An expression for the first element the XPath names that is shown (a closed dropdown keeps its options
 * in the page, hidden): what a person would click or type into.
 */
export const firstShown = (xpath: string) => `(() => {
  const found = document.evaluate(${JSON.stringify(xpath)}, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < found.snapshotLength; i++) {
    const node = found.snapshotItem(i);
    if (node.getClientRects().length > 0) return node;
  }
  return null;
})()`;

/** Resolves an address against the browser's base address. */
export const absolute = (base: string, address: string) => new URL(address, base).toString();
