/**
 * Every numeric input of the app (the table in number-fields-table.ts), in English and in Mexican
 * Spanish, fed what people type and paste: decimals, thousands separators, a leading minus, a
 * misplaced separator, letters, too many decimals (the parser's full grammar is in
 * tests/shared/domain/number-text.test.ts; here each field shows it takes the right rule). For each text the test checks the text the field
 * shows (never rewritten into another number), the message next to it, and what was sent: a refused
 * text sends nothing when the form is submitted, and an accepted one sends exactly the number shown.
 *
 * "Nothing sent" is checked without waiting for nothing: each language ends with accepted values that
 * are sent, and the requests the screen made must then be exactly those, in order.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import type { NumberKind } from '../../src/shared/domain/number-text';
import type { FakeServer } from './fake-server';
import { SCREENS, type How, type Lang, type NumericField } from './number-fields-table';
import { renderApp, type AppRender } from './render';

type Reason = 'negative' | 'whole' | 'decimals' | 'format';

/** What each kind refuses, as typed or pasted. */
const REFUSALS: Record<NumberKind, { text: string; how: How; reason: Reason }[]> = {
  money: [
    { text: '-5', how: 'type', reason: 'negative' },
    { text: '2510.755', how: 'paste', reason: 'decimals' },
    { text: '2.500,50', how: 'paste', reason: 'format' },
  ],
  wholeMoney: [
    // Issue 27: typing 2510.75 saved 251075 and pasting 2,500.50 saved 2500.
    { text: '2510.75', how: 'type', reason: 'whole' },
    { text: '2,500.50', how: 'paste', reason: 'whole' },
    { text: '-5', how: 'type', reason: 'negative' },
  ],
  weight: [
    { text: '-5', how: 'type', reason: 'negative' },
    { text: '30000.125', how: 'paste', reason: 'decimals' },
    { text: '80.000,50', how: 'paste', reason: 'format' },
  ],
  count: [
    { text: '2.5', how: 'type', reason: 'whole' },
    { text: '1,250.50', how: 'paste', reason: 'whole' },
    { text: '-3', how: 'type', reason: 'negative' },
  ],
  id: [
    { text: '12.5', how: 'paste', reason: 'whole' },
    { text: '1,234', how: 'paste', reason: 'format' },
    { text: '-3', how: 'paste', reason: 'negative' },
    { text: '12a', how: 'paste', reason: 'format' },
  ],
  coordinate: [
    { text: '29.123456789', how: 'paste', reason: 'decimals' },
    { text: '-98,4936', how: 'paste', reason: 'format' },
    { text: '29N', how: 'type', reason: 'format' },
  ],
};

const FORMAT: Record<NumberKind, Record<Lang, string>> = {
  money: {
    en: 'Type it like US$20,500.50: commas for thousands, a point for decimals',
    es: 'Escríbelo así: US$20,500.50 (comas para los miles, punto para los decimales)',
  },
  weight: {
    en: 'Type it like 20,500.50 lbs: commas for thousands, a point for decimals',
    es: 'Escríbelo así: 20,500.50 lbs (comas para los miles, punto para los decimales)',
  },
  wholeMoney: {
    en: 'Type a whole number like US$2,500, with commas for thousands',
    es: 'Escribe un número entero como US$2,500, con comas para los miles',
  },
  count: {
    en: 'Type a whole number like 1,250, with commas for thousands',
    es: 'Escribe un número entero como 1,250, con comas para los miles',
  },
  id: { en: 'Type digits only, like 1234', es: 'Escribe solo dígitos, como 1234' },
  coordinate: {
    en: 'Type it like -98.493629: a point for decimals, no commas',
    es: 'Escríbelo así: -98.493629 (punto para los decimales, sin comas)',
  },
};

function message(kind: NumberKind, reason: Reason, lang: Lang): string {
  const decimals = kind === 'coordinate' ? 8 : 2;
  switch (reason) {
    case 'negative':
      return { en: 'Negative numbers are not allowed', es: 'No se permiten números negativos' }[lang];
    case 'whole':
      return { en: 'Type a whole number, without decimals', es: 'Escribe un número entero, sin decimales' }[lang];
    case 'decimals':
      return {
        en: `At most ${decimals} decimals are allowed`,
        es: `Se permiten como máximo ${decimals} decimales`,
      }[lang];
    case 'format':
      return FORMAT[kind][lang];
  }
}

/** The field's description may also hold a hint: the message must be in it, word for word. */
const including = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const input = (field: NumericField, lang: Lang) => screen.getByRole('textbox', { name: field.label[lang] });

/** Replaces the field's text the way a user does, then leaves the field. */
async function enter(app: AppRender, field: NumericField, lang: Lang, text: string, how: How) {
  const box = input(field, lang);
  await app.user.clear(box);
  if (how === 'type') await app.user.type(box, text);
  else await app.user.paste(text);
  await app.user.tab();
}

async function useLanguage(lang: Lang) {
  localStorage.setItem('locale', lang);
  await act(() => activateLocale(lang));
}

const writes = (server: FakeServer, isWrite: (r: FakeServer['calls'][number]) => boolean) =>
  server.calls.filter(isWrite);

describe('numbers typed and pasted in every numeric field', () => {
  it.each(SCREENS)(
    'should keep what was typed on $name, refuse what it cannot read with a message in both languages and send only the number shown',
    async (numeric) => {
      await useLanguage('en');
      const server = numeric.server();
      const app = renderApp(numeric.url);
      await numeric.open(app);
      const expected: unknown[][] = [];

      for (const lang of ['en', 'es'] as const) {
        await useLanguage(lang);
        // Round i gives every field of the screen its i-th refused text, then submits (each field's own
        // form where each saves alone): one submit per round keeps a whole form's test short.
        const refusals = numeric.fields.map((field) => [
          ...REFUSALS[field.kind].map((r) => ({ ...r, expected: message(field.kind, r.reason, lang) })),
          ...(field.extra ?? []).map((r) => ({ ...r, expected: r.message[lang] })),
        ]);
        const rounds = Math.max(...refusals.map((list) => list.length));
        for (let round = 0; round < rounds; round++) {
          const entered = numeric.fields.flatMap((field, i) => {
            const refusal = refusals[i]![round];
            return refusal ? [{ field, ...refusal, how: field.pasteOnly ? ('paste' as const) : refusal.how }] : [];
          });
          for (const { field, text, how } of entered) {
            await enter(app, field, lang, text, how);
            expect(input(field, lang), `${lang} ${how} ${text}`).toHaveValue(text);
            if (numeric.submitPerField) await numeric.submit(app, lang, field);
          }
          if (!numeric.submitPerField) await numeric.submit(app, lang, numeric.fields[0]!);
          for (const { field, text, how, expected } of entered) {
            const where = `${lang} ${field.label[lang].source} ${how} ${text}`;
            await waitFor(() => expect(input(field, lang), where).toHaveAccessibleDescription(including(expected)));
            expect(input(field, lang), where).toHaveValue(text);
          }
        }

        for (const field of numeric.fields) {
          const { text, how, shown, sent } = field.accept[lang];
          await enter(app, field, lang, text, field.pasteOnly ? 'paste' : how);
          expect(input(field, lang), `${lang} ${text}`).toHaveValue(shown);
          expect(input(field, lang), `${lang} ${text}`).not.toHaveAttribute('aria-invalid', 'true');
          if (numeric.submitPerField) {
            await numeric.submit(app, lang, field);
            expected.push([sent]);
          }
        }
        if (!numeric.submitPerField) {
          await numeric.submit(app, lang, numeric.fields[0]!);
          expected.push(numeric.fields.map((field) => field.accept[lang].sent));
        }
        // Every refused text above was submitted too: had one been sent, it would be in this list.
        await waitFor(() => expect(writes(server, numeric.isWrite)).toHaveLength(expected.length));
        if (lang === 'en') await numeric.reopen?.(app);
      }

      const sent = await Promise.all(
        writes(server, numeric.isWrite).map(async (request) => {
          const values = await Promise.all(numeric.fields.map((field) => field.sentValue(request)));
          return numeric.submitPerField ? values.filter((value) => value !== undefined) : values;
        }),
      );
      expect(sent).toEqual(expected);
    },
    300_000,
  );
});
