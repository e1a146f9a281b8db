/**
 * The sign-in screen's own slice of each catalogue. A phone opening /login needs a few dozen messages
 * of the 800 the app has; the whole English catalogue is about 12 kB gzip that would otherwise be
 * downloaded before the first screen. The app imports `virtual:sign-in-catalogue/<locale>` when it
 * starts signed out on /login, and the whole catalogue once that screen is idle.
 *
 * The slice is worked out from the build itself, so a message added to the screen is never missing
 * from it: every message id in the code the screen runs (the entry's and the screen modules' static
 * imports) is kept, with its compiled text from the locale's catalogue. Code the screen loads lazily
 * is not walked (the outbox of a signed-in user, the update prompt): it waits for the whole catalogue
 * (`wholeCatalogue()` in src/app/lib/i18n.ts) before it renders. The slice is written into its chunk while the
 * chunk is rendered, before the chunk's content hash is taken, so its file name changes with it.
 * Outside a build (dev server, component tests) the module is null and the app loads the whole
 * catalogue.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:sign-in-catalogue/';
const RESOLVED = '\0sign-in-catalogue:';
const PLACEHOLDER = '__SIGN_IN_CATALOGUE__';
/** A message id in compiled code: Lingui's macros leave `{ id: "…" }` descriptors or `<Trans id="…">` props. */
const MESSAGE_ID = /\bid:\s*(["'`])([^"'`\\]{1,64})\1/g;
const CATALOGUE = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.po$/;

export interface SignInCatalogueOptions {
  /** The app's entry module: it and its static imports. */
  entry: string;
  /** Whether a module is one of the sign-in screen's own, which the router loads: they and their static imports. */
  isScreenModule: (file: string) => boolean;
}

/** The compiled messages of a catalogue module as the Lingui plugin writes it: `JSON.parse("…")`. */
function compiledMessages(code: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/s.exec(code);
  if (!literal) throw new Error('sign-in catalogue: a compiled catalogue is not JSON.parse("…")');
  return JSON.parse(JSON.parse(literal[1]!) as string) as Record<string, unknown>;
}

function messageIds(code: string): string[] {
  return [...code.matchAll(MESSAGE_ID)].map((match) => match[2]!);
}

export function signInCatalogue(options: SignInCatalogueOptions): Plugin {
  let building = false;
  const idsOf = new Map<string, string[]>();
  const catalogues = new Map<string, Record<string, unknown>>();
  const entry = path.resolve(options.entry);
  return {
    name: 'sign-in-catalogue',
    enforce: 'post',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      if (!building) return 'export const messages = null;';
      return `export const messages = JSON.parse(${JSON.stringify(PLACEHOLDER)});`;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      const catalogue = CATALOGUE.exec(file);
      if (catalogue) catalogues.set(catalogue[1]!, compiledMessages(code));
      else if (!file.includes('node_modules')) idsOf.set(file, messageIds(code));
      return null;
    },
    renderChunk(code, chunk) {
      const virtual = chunk.moduleIds.find((id) => id.startsWith(RESOLVED));
      if (!virtual) return null;
      const locale = virtual.slice(RESOLVED.length);
      const all = catalogues.get(locale);
      if (!all) throw new Error(`sign-in catalogue: no compiled catalogue for "${locale}"`);
      const wanted = new Set<string>();
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const messageId of idsOf.get(id.split('?')[0]!) ?? []) wanted.add(messageId);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      visit(entry);
      // The screen's modules are lazy imports of the router: walked from each of them too.
      for (const id of this.getModuleIds()) if (options.isScreenModule(id)) visit(id);
      const slice: Record<string, unknown> = {};
      for (const id of [...wanted].sort()) if (id in all) slice[id] = all[id];
      const quoted = new RegExp(`(["'\`])${PLACEHOLDER}\\1`);
      if (!quoted.test(code)) throw new Error('sign-in catalogue: the placeholder is not in its chunk');
      return { code: code.replace(quoted, JSON.stringify(JSON.stringify(slice))), map: null };
    },
  };
}
