/**
 * Single sign-on against a real OpenID provider (oidc-provider) on loopback, over real HTTP: the portal
 * listens on a loopback port, and a small cookie-keeping client follows the redirects from the SSO
 * button through the provider's login and consent pages back to the portal, as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { startOpenIdProvider, type OpenIdProvider } from '../fixtures/openid-provider';
import { freePort } from '../fixtures/portal-process';
import { createTestApp, type TestApp } from './helpers/test-app';

const CLIENTS = {
  supplier: { clientId: 'portal-suppliers', clientSecret: 'supplier-client-secret' },
  employee: { clientId: 'portal-employees', clientSecret: 'employee-client-secret' },
};

/** The provider's people: e-mails and usernames some of which the demo data knows. */
const ACCOUNTS = {
  // supplier1's e-mail, under another name at the provider: matched by e-mail.
  'maria.lopez': { email: 'supplier1@scrap-portal.test', preferred_username: 'maria.lopez' },
  // An e-mail the portal does not know, and the portal's username: matched by username.
  customs1: { email: 'aduanas@corp.example', preferred_username: 'customs1' },
  // supplier1's address, but the provider has not verified it: it must not open supplier1's account.
  'not-verified': { email: 'supplier1@scrap-portal.test', email_verified: false, preferred_username: 'nobody' },
};

let t: TestApp;
let provider: OpenIdProvider;
let portal: string;

beforeAll(async () => {
  const port = await freePort();
  portal = `http://127.0.0.1:${port}`;
  provider = await startOpenIdProvider(
    (['supplier', 'employee'] as const).map((name) => ({
      ...CLIENTS[name],
      redirectUri: `${portal}/api/auth/callback/${name}`,
    })),
    ACCOUNTS,
  );
  const oidc = (name: keyof typeof CLIENTS) => ({
    issuer: provider.issuer,
    clientId: CLIENTS[name].clientId,
    clientSecret: CLIENTS[name].clientSecret,
  });
  t = await createTestApp({
    config: { publicUrl: portal, oidc: { supplier: oidc('supplier'), employee: oidc('employee') } },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** A browser's cookie jar, as far as these two loopback servers need one (by name; paths ignored). */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.trim().split('=');
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || value.join('=') === '') this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return res;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Submits the provider's development login or consent form found in `html`. */
async function submitProviderForm(browser: Browser, pageUrl: string, html: string, login: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`not a login or consent page: ${html.slice(0, 300)}`);
  const form = new URLSearchParams({ prompt });
  if (prompt === 'login') {
    form.set('login', login);
    form.set('password', 'anything');
  }
  return browser.get(new URL(action.replaceAll('&amp;', '&'), pageUrl).href, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/**
 * Presses an SSO button and goes through the provider as `login` (or cancels there), stopping at the
 * provider's redirect back to the portal's callback: that URL, not yet visited.
 */
async function toCallback(
  browser: Browser,
  button: 'supplier' | 'employee',
  login: string,
  options: { cancel?: boolean } = {},
): Promise<string> {
  let res = await browser.get(`${portal}/api/auth/login/${button}`);
  expect(res.status).toBe(302);
  let url = res.headers.get('location')!;
  expect(url.startsWith(`${provider.issuer}/`)).toBe(true);
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(`${portal}/api/auth/callback/`)) return url;
    res = await browser.get(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 300)).toBe(200);
    res = options.cancel
      ? await browser.get(new URL(`${new URL(url).pathname}/abort`, url).href)
      : await submitProviderForm(browser, url, html, login);
    expect(res.status).toBeGreaterThanOrEqual(300);
    url = new URL(res.headers.get('location')!, url).href;
  }
  throw new Error('the provider never sent the browser back to the portal');
}

/** Visits the callback URL; where the portal sends the browser next. */
async function landing(browser: Browser, callbackUrl: string): Promise<string> {
  const res = await browser.get(callbackUrl);
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/** Takes the session a landing on /token left in `browser`, as the /token page does. */
const takeHandoff = (browser: Browser) => browser.get(`${portal}/api/auth/sso/handoff`, { method: 'POST' });

/**
 * The user a landing on /token signed in: the page takes the session from the hand-off cookie, and the
 * token is checked by the API's own silent sign-in. No token is ever in the address.
 */
async function signedInUser(browser: Browser, location: string): Promise<string> {
  expect(location).toBe('/token');
  const handoff = await takeHandoff(browser);
  expect(handoff.status).toBe(200);
  const { token } = (await handoff.json()) as { token: string };
  const res = await fetch(`${portal}/api/auth/login/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { username: string } }).user.username;
}

describe('single sign-on with a real OpenID provider', () => {
  it('should tell the app that both providers are set up', async () => {
    const res = await fetch(`${portal}/api/auth/sso-providers`);
    expect(await res.json()).toEqual({ supplier: true, employee: true });
  });

  it('should sign in the account whose e-mail the provider vouches for', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'maria.lopez');
    expect(await signedInUser(browser, await landing(browser, callback))).toBe('supplier1');
  });

  it('should send PKCE, state and nonce and keep the pending sign-in in an httpOnly cookie for the callback only', async () => {
    const res = await fetch(`${portal}/api/auth/login/employee`, { redirect: 'manual' });
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(authorize.searchParams.get(name)).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${portal}/api/auth/callback/employee`);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^sso_employee=[^;]+; Path=\/api\/auth\/callback\/employee; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Sealed: the state the provider will echo is not readable in it.
    expect(cookie).not.toContain(authorize.searchParams.get('state'));
  });

  it('should sign in by preferred_username when no account has the e-mail', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'employee', 'customs1');
    expect(await signedInUser(browser, await landing(browser, callback))).toBe('customs1');
  });

  it('should send someone the portal does not know to the login error page', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'stranger');
    expect(await landing(browser, callback)).toBe('/login/login-error?reason=unknown-user');
  });

  it('should not match an e-mail address the provider says it has not verified', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'not-verified');
    expect(await landing(browser, callback)).toBe('/login/login-error?reason=unknown-user');
  });

  it('should send a sign-in cancelled at the provider to the login error page', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'maria.lopez', { cancel: true });
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    expect(await landing(browser, callback)).toBe('/login/login-error?reason=sso-refused');
  });

  it('should refuse a callback whose state was tampered with', async () => {
    const browser = new Browser();
    const callback = new URL(await toCallback(browser, 'supplier', 'maria.lopez'));
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect(await landing(browser, callback.href)).toBe('/login/login-error?reason=sso-failed');
  });

  it('should refuse a callback without its pending sign-in cookie, or with a forged one', async () => {
    for (const forge of [
      (jar: Browser) => jar.cookies.clear(),
      (jar: Browser) => jar.cookies.set('sso_supplier', 'x.y.z'),
    ]) {
      const browser = new Browser();
      const callback = await toCallback(browser, 'supplier', 'maria.lopez');
      forge(browser);
      expect(await landing(browser, callback)).toBe('/login/login-error?reason=sso-failed');
    }
  });

  it('should refuse the pending sign-in of the other button', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'maria.lopez');
    browser.cookies.set('sso_employee', browser.cookies.get('sso_supplier')!);
    expect(await landing(browser, callback.replace('/callback/supplier', '/callback/employee'))).toBe(
      '/login/login-error?reason=sso-failed',
    );
  });

  it('should hand the session over once, to the browser that signed in, in an httpOnly cookie of its own', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'maria.lopez');
    const res = await browser.get(callback);
    expect(res.headers.get('location')).toBe('/token');
    const handoff = res.headers.getSetCookie().find((line) => line.startsWith('sso_handoff='))!;
    expect(handoff).toMatch(
      /^sso_handoff=[^;]+; Path=\/api\/auth\/sso\/handoff; Max-Age=120; HttpOnly; SameSite=Strict$/,
    );
    // Another browser (a link opened elsewhere) has nothing to take; a forged cookie is refused.
    expect((await takeHandoff(new Browser())).status).toBe(401);
    const forged = new Browser();
    forged.cookies.set('sso_handoff', 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z');
    expect((await takeHandoff(forged)).status).toBe(401);
    // The browser that signed in takes it once; the same cookie sent again (copied) gets nothing.
    const cookie = browser.cookieHeader();
    const taken = await takeHandoff(browser);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { user: { username: string } }).user.username).toBe('supplier1');
    const again = await fetch(`${portal}/api/auth/sso/handoff`, { method: 'POST', headers: { cookie } });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toMatch(/Sign in again/);
  });

  it('should accept a callback only once', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, 'supplier', 'maria.lopez');
    const cookie = browser.cookieHeader();
    expect(await signedInUser(browser, await landing(browser, callback))).toBe('supplier1');
    // The same answer and the same cookie again, as someone who copied both would send them.
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(replay.headers.get('location')).toBe('/login/login-error?reason=sso-failed');
  });
});

describe('single sign-on settings', () => {
  /** Another portal on the same database, with these providers. */
  const buildWith = (supplier: Record<string, string>) =>
    buildApp({
      database: t.database,
      logger: false,
      config: { ...t.app.config, jobsEnabled: false, oidc: { supplier, employee: {} } },
    });

  it('should say so when no provider is set up', async () => {
    const bare = await buildWith({});
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/auth/sso-providers' });
      expect(res.json()).toEqual({ supplier: false, employee: false });
      for (const path of ['login', 'callback']) {
        const button = await bare.inject({ method: 'GET', url: `/api/auth/${path}/supplier` });
        expect(button.statusCode).toBe(302);
        expect(button.headers.location).toBe('/login/login-error?reason=sso-not-configured');
      }
    } finally {
      await bare.close();
    }
  });

  it('should send the button to the login error page while its provider cannot be reached', async () => {
    const down = await buildWith({ issuer: 'http://127.0.0.1:9', clientId: 'portal', clientSecret: 'secret' });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/auth/login/supplier' });
      expect(res.headers.location).toBe('/login/login-error?reason=sso-unavailable');
    } finally {
      await down.close();
    }
  });

  it('should refuse to start with a plain-http issuer beyond loopback or a provider half set up', async () => {
    await expect(
      buildWith({ issuer: 'http://login.example.com', clientId: 'portal', clientSecret: 'secret' }),
    ).rejects.toThrow(
      'OIDC_SUPPLIER_ISSUER must use https:// (http:// is accepted only on a loopback address such as 127.0.0.1): http://login.example.com',
    );
    await expect(buildWith({ issuer: 'https://login.example.com', clientId: 'portal' })).rejects.toThrow(
      'missing: OIDC_SUPPLIER_CLIENT_SECRET',
    );
    // https anywhere, and http on loopback, are accepted (discovery waits for the first click).
    for (const issuer of ['https://login.example.com', 'http://localhost:8080', 'http://[::1]:8080']) {
      const app = await buildWith({ issuer, clientId: 'portal', clientSecret: 'secret' });
      await app.close();
    }
  });
});
