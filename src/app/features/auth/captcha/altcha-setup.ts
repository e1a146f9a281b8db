/**
 * The ALTCHA widget, loaded only when the server asks for a captcha (this module is imported
 * dynamically, so it is a chunk of its own). `altcha/external` carries neither inline workers nor
 * inline styles: the stylesheet is a file and the PBKDF2 worker a same-origin script, so the widget runs
 * under the portal's `script-src 'self'` and `worker-src 'self'`.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-theme.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// The server's challenges are PBKDF2/SHA-256 (src/server/routes/auth/captcha.ts); no other algorithm is registered.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Gives the widget the app's own texts for `locale` (the widget looks its strings up by language code). */
export function setWidgetStrings(locale: string, strings: Record<string, string>): void {
  const base = globalThis.$altcha.i18n.get('en') ?? {};
  globalThis.$altcha.i18n.set(locale.toLowerCase(), { ...base, ...strings });
}
