/**
 * Three wrong passwords bring up the ALTCHA widget; the browser solves it for real (its proof-of-work
 * workers under the portal's CSP) and the user signs in. English and Spanish, phone and desktop.
 *
 * This file runs its own server: the failures it makes would otherwise ask every other test signing in
 * from 127.0.0.1 for a captcha. Each case comes from its own address (X-Forwarded-For through a trusted
 * loopback proxy), as users behind different connections would.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, watchErrors, shot } from './support/browser';
import { useOwnPortal } from './support/own-portal';

const own = useOwnPortal({ TRUST_PROXY: '127.0.0.1' });

const TEXTS = {
  en: {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    incorrect: 'Incorrect user or password',
    explanation: 'Several sign-ins failed from this connection',
    robot: "I'm not a robot",
    verified: 'Verified',
  },
  es: {
    username: 'Usuario',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    incorrect: 'Usuario o contraseña incorrectos',
    explanation: 'Fallaron varios inicios de sesión desde esta conexión',
    robot: 'No soy un robot',
    verified: 'Verificado',
  },
};

describe('the sign-in captcha', () => {
  it.each([
    ['en', 'phone', PHONE, 'carrier1', '10.20.0.1', '/dashboard/carrier'],
    ['en', 'desktop', DESKTOP, 'supplier1', '10.20.0.2', '/dashboard/suppliers'],
    ['es', 'phone', PHONE, 'customs1', '10.20.0.3', '/dashboard/customs'],
    ['es', 'desktop', DESKTOP, 'admin', '10.20.0.4', '/dashboard/admin/ongoing'],
  ] as const)(
    '%s, %s: three wrong passwords bring up the widget; solved in the browser, the user signs in',
    async (lang, device, viewport, username, address, home) => {
      const text = TEXTS[lang];
      const context = await own.browser.newContext({
        serviceWorkers: 'block',
        baseURL: own.server.base,
        viewport,
        locale: lang === 'es' ? 'es-MX' : 'en-US',
        extraHTTPHeaders: { 'X-Forwarded-For': address },
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const widgetRequests: string[] = [];
      page.on('request', (request) => {
        // The form's yes/no question (GET /api/auth/captcha/required) is not the widget; its challenge is.
        const url = request.url();
        if (/altcha|pbkdf2|\/api\/auth\/captcha(\?|$)/.test(url)) widgetRequests.push(url);
      });
      await page.goto('/login/tradicional');
      const form = page.locator('form');
      const button = form.getByRole('button', { name: text.signIn });
      await page.getByLabel(text.username).fill(username);

      for (let attempt = 1; attempt <= 3; attempt++) {
        await page.getByLabel(text.password, { exact: true }).fill(`wrong-password-${attempt}`);
        const [answer] = await Promise.all([
          page.waitForResponse((res) => res.url().endsWith('/api/auth/login')),
          button.click(),
        ]);
        expect(answer.status()).toBe(401);
        await expect.poll(() => form.getByText(text.incorrect).count()).toBe(1);
        if (attempt < 3) {
          await expect.poll(() => button.isEnabled()).toBe(true);
          // Nothing of the widget is loaded before the server asks for it.
          expect(await page.locator('altcha-widget').count()).toBe(0);
          expect(widgetRequests).toEqual([]);
        }
      }

      // The third failure brings up the widget with what to do, and the button waits for it.
      const widget = page.locator('altcha-widget');
      await widget.waitFor({ state: 'visible' });
      await expect.poll(() => page.getByText(text.explanation).isVisible()).toBe(true);
      expect(await button.isDisabled()).toBe(true);
      await shot(page, `captcha-${lang}-${device}-1-asked`);

      // Its checkbox is drawn (the production build once lost its border), and named by its label.
      const checkbox = widget.getByRole('checkbox', { name: text.robot });
      expect(await checkbox.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');

      // Solve it as a person does: tap the box on the phone, Space on the keyboard at the desk; the proof
      // of work runs in the widget's workers.
      const started = Date.now();
      if (device === 'phone') await widget.getByText(text.robot).click();
      else {
        await checkbox.focus();
        await page.keyboard.press('Space');
      }
      await expect.poll(() => widget.getByText(text.verified).isVisible()).toBe(true);
      const solvedInMs = Date.now() - started;
      await expect.poll(() => button.isEnabled()).toBe(true);
      await shot(page, `captcha-${lang}-${device}-2-verified`);
      console.log(`captcha ${lang} ${device}: solved in ${solvedInMs} ms`);

      await page.getByLabel(text.password, { exact: true }).fill(DEMO_PASSWORD);
      await button.click();
      await page.waitForURL((url) => url.pathname === home);
      await shot(page, `captcha-${lang}-${device}-3-signed-in`);

      // The widget, its stylesheet and its worker ran under the portal's CSP without a violation.
      expect(widgetRequests.some((url) => url.includes('/api/auth/captcha'))).toBe(true);
      expect(widgetRequests.some((url) => /pbkdf2/.test(url))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
