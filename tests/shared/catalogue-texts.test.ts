/**
 * Texts of both catalogues read as sentences: no misspelt 'succesfully', and every message starts with
 * a capital letter (after an opening ¿ or ¡), except the carrier modes the spec shows in lower case
 * beside a carrier's name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a .po file (multi-line strings joined). */
function entries(path: string): Map<string, string> {
  const text = readFileSync(path, 'utf8');
  const map = new Map<string, string>();
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string).join('');
  for (const match of text.matchAll(/^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm)) {
    const id = unquote(match[1]!);
    if (id !== '') map.set(id, unquote(match[2]!));
  }
  return map;
}

/** Shown in lower case on purpose: the carrier's mode under its name ('Rápido Freight Lines · truck'). */
const LOWER_CASE_VALUES = new Set(['truck', 'railcar']);

const startsLowerCase = (text: string) => /^[¿¡]?\p{Ll}/u.test(text);

describe.each(['en', 'es'])('the %s catalogue', (locale) => {
  const catalogue = entries(`src/locales/${locale}/messages.po`);

  it('should hold the texts', () => {
    expect(catalogue.size).toBeGreaterThan(500);
  });

  it("should not misspell 'successfully'", () => {
    const misspelt = [...catalogue].filter(([id, text]) => /succesful/i.test(id) || /succesful/i.test(text));
    expect(misspelt).toEqual([]);
  });

  it('should start every message with a capital letter', () => {
    const lower = [...catalogue]
      .filter(([id, text]) => !LOWER_CASE_VALUES.has(id) && startsLowerCase(text))
      .map(([id, text]) => `${id} → ${text}`);
    expect(lower).toEqual([]);
  });
});
