/**
 * The password recovery mail. It is written in the language the request names (the app sends its
 * own language as Accept-Language); when that is neither English nor Spanish, or missing, the mail
 * carries both, English first.
 */
import type { MailMessage } from './mailer';
import { formatDateTime } from '../../shared/format/display-format';

export type MailLanguage = 'en' | 'es';

/** The first language of an Accept-Language header, when it is one the portal speaks. */
export function mailLanguageOf(acceptLanguage: string | undefined): MailLanguage | undefined {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (first === 'es' || first.startsWith('es-')) return 'es';
  if (first === 'en' || first.startsWith('en-')) return 'en';
  return undefined;
}

interface RecoveryMailInput {
  to: string;
  name: string;
  username: string;
  link: string;
  /** When the link stops working; written in the user's time zone (UTC when the app sent none), named. */
  expiresAt: Date;
  timeZone: string;
  language: MailLanguage | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS = {
  en: {
    subject: 'Change your Scrap Portal password',
    greeting: (name: string) => `Hello ${name},`,
    asked: (username: string) => `someone (we hope you) asked to change the password of the user ${username}.`,
    open: 'Open this link within 1 hour to choose a new password:',
    button: 'Choose a new password',
    once: 'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    until: (when: string) => `It works until ${when}.`,
  },
  es: {
    subject: 'Cambia tu contraseña de Scrap Portal',
    greeting: (name: string) => `Hola ${name}:`,
    asked: (username: string) => `alguien (esperamos que tú) pidió cambiar la contraseña del usuario ${username}.`,
    open: 'Abre este enlace dentro de 1 hora para elegir una contraseña nueva:',
    button: 'Elegir una contraseña nueva',
    once: 'El enlace funciona una sola vez. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    until: (when: string) => `Funciona hasta el ${when}.`,
  },
} as const;

function part(language: MailLanguage, input: RecoveryMailInput) {
  const t = TEXTS[language];
  const until = t.until(formatDateTime(input.expiresAt, language, { timeZone: input.timeZone, zone: true }));
  const text = [t.greeting(input.name), '', t.asked(input.username), t.open, '', input.link, '', until, t.once].join(
    '\n',
  );
  const link = escapeHtml(input.link);
  const html =
    `<div lang="${language === 'es' ? 'es-MX' : 'en'}">` +
    `<p>${escapeHtml(t.greeting(input.name))}</p>` +
    `<p>${escapeHtml(t.asked(input.username))} ${escapeHtml(t.open)}</p>` +
    `<p><a href="${link}">${escapeHtml(t.button)}</a></p>` +
    `<p style="word-break:break-all">${link}</p>` +
    `<p>${escapeHtml(until)} ${escapeHtml(t.once)}</p></div>`;
  return { subject: t.subject, text, html };
}

export function recoveryMail(input: RecoveryMailInput): MailMessage {
  const languages: MailLanguage[] = input.language ? [input.language] : ['en', 'es'];
  const parts = languages.map((language) => part(language, input));
  return {
    to: input.to,
    subject: parts.map((p) => p.subject).join(' / '),
    text: parts.map((p) => p.text).join('\n\n——\n\n'),
    html: `<!doctype html><html><body>${parts.map((p) => p.html).join('<hr>')}</body></html>`,
  };
}
