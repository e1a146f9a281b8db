/**
 * The files of each home screen, for the page that opens it cold. A signed-in phone opening its list
 * without a cache learned which scripts the screen needs only once the entry had run and the router had
 * asked for the screen: then it started their downloads, and the loader inserted a <link> for each of
 * them from script (about 80 files for the signed-in frame alone, roughly 0.9 ms of a throttled phone's
 * main thread each). Named in the page itself, they download alongside the entry while the page is
 * parsed, and the loader finds them already there.
 *
 * This plugin writes `route-preloads.json`: for each path, the script and style files of its screen
 * modules and everything they import statically, less those the page already names (the entry's); and
 * each language's catalogue, which a signed-in start loads before it renders anything. The server adds
 * them to the page it sends for exactly that path, with the catalogue of the browser's language
 * (src/server/http/route-pages.ts). A path whose screen is a ticket list also names that list, which
 * the page asks for itself (src/shared/domain/first-list.ts).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import type { HomeList } from '../shared/domain/first-list';

export interface RoutePreloadsOptions {
  /** A path of the app → the modules its screen loads lazily (the frame, the area's guard, the screen). */
  routes: Record<string, readonly string[]>;
  /** A path of the app → the ticket list its screen shows first, which the page may ask for itself. */
  lists?: Record<string, HomeList>;
}

export interface RoutePreload {
  /** Script files, as paths from the site's root (`/assets/…`), to preload as modules. */
  js: string[];
  /** Style files the screen inserts when it loads, to download early. */
  css: string[];
  /** The ticket list the screen shows first. */
  list?: HomeList;
}

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export interface RoutePreloads {
  routes: Record<string, RoutePreload>;
  /** Each language's catalogue files (the catalogue and what it imports), by locale. */
  catalogues: Record<string, string[]>;
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const CATALOGUE = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.po$/;

export function routePreloads(options: RoutePreloadsOptions): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as ChunkInfo[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunks `roots` import statically, themselves included. */
      const closure = (roots: ChunkInfo[]) => {
        const seen = new Map<string, ChunkInfo>();
        const stack = [...roots];
        while (stack.length > 0) {
          const chunk = stack.pop()!;
          if (seen.has(chunk.fileName)) continue;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) stack.push(next);
          }
        }
        return [...seen.values()];
      };
      // What index.html already names: the entry and its static imports.
      const named = new Set(closure(chunks.filter((c) => c.isEntry)).map((c) => c.fileName));
      const routes: Record<string, RoutePreload> = {};
      for (const [route, modules] of Object.entries(options.routes)) {
        const roots = modules.map((module) => {
          const id = path.resolve(module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`route preloads: ${module} (for ${route}) is not a chunk of its own`);
          return chunk;
        });
        const files = closure(roots).filter((c) => !named.has(c.fileName));
        routes[route] = {
          js: files.map((c) => `/${c.fileName}`),
          css: [...new Set(files.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
          ...(options.lists?.[route] && { list: options.lists[route] }),
        };
      }
      const catalogues: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const locale = CATALOGUE.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!locale) continue;
        catalogues[locale] = closure([chunk])
          .filter((c) => !named.has(c.fileName))
          .map((c) => `/${c.fileName}`);
      }
      const preloads: RoutePreloads = { routes, catalogues };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
