/**
 * Which built files the service worker installs, and which it keeps for a role or a language only.
 * Precaching every file (every role's screens, both catalogues, Firebase) cost a phone about 800 kB on
 * its first visit; a user needs the shell and their own screens. Each file gets groups:
 * - `shell`: the entry, what it loads, the sign-in screens and the offline machinery: installed with
 *   the service worker;
 * - `signed-in`: the signed-in frame and the ticket page, which every role opens;
 * - an area (`admin`, `suppliers`, `carrier`, `customs`): that area's screens and what they load;
 * - `locale:en`, `locale:es`: one catalogue each.
 * The page names the groups of its user and language (src/app/lib/screen-cache.ts) and the service
 * worker caches them; a file of no group (Firebase, the other role's screens) is cached when first used.
 */
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';

export type PrecacheGroups = Map<string, Set<string>>;

/** The group a lazily loaded module starts, from its source path; null: its importer's groups. */
export function groupOfModule(id: string): string | null {
  const file = id.replace(/\\/g, '/');
  const locale = /\/src\/locales\/(\w+)\/messages\.po/.exec(file);
  if (locale) return `locale:${locale[1]}`;
  const area = /\/src\/app\/routes\/(admin|suppliers|carrier|customs)\//.exec(file);
  if (area) return area[1]!;
  if (/\/src\/app\/routes\/(dashboard|ticket)\//.test(file)) return 'signed-in';
  if (/\/src\/app\/routes\/(login\/|token-page)/.test(file)) return 'shell';
  // The outbox in the header belongs to a signed-in user, though the sign-in layout shows it too.
  if (/\/src\/app\/components\/outbox-indicator/.test(file)) return 'signed-in';
  return null;
}

/**
 * Firebase (push registration) and the captcha widget are fetched when needed, which is online only:
 * never precached.
 */
const onlineOnly = (ids: string[]) => ids.some((id) => /\/node_modules\/(firebase|@firebase|altcha)\//.test(id));

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Groups of every JS and CSS file of a bundle, walked from the entry and from each group's modules. */
export function groupBundle(bundle: Record<string, { type: string }>): PrecacheGroups {
  const chunks = new Map<string, ChunkLike>();
  for (const [name, output] of Object.entries(bundle))
    if (output.type === 'chunk') chunks.set(name, output as ChunkLike);
  const groups: PrecacheGroups = new Map();
  const add = (file: string, group: string) => {
    const set = groups.get(file) ?? new Set<string>();
    set.add(group);
    groups.set(file, set);
  };
  const rootGroup = (chunk: ChunkLike) => (chunk.facadeModuleId ? groupOfModule(chunk.facadeModuleId) : null);
  const walk = (start: ChunkLike, group: string) => {
    const seen = new Set<string>();
    const visit = (chunk: ChunkLike, dynamic: boolean) => {
      if (seen.has(chunk.fileName) || onlineOnly(chunk.moduleIds)) return;
      // A module reached by a dynamic import that starts a group of its own belongs to that group.
      const own = rootGroup(chunk);
      if (dynamic && own !== null && own !== group) return;
      seen.add(chunk.fileName);
      add(chunk.fileName, group);
      for (const css of chunk.viteMetadata?.importedCss ?? []) add(css, group);
      for (const next of chunk.imports) if (chunks.has(next)) visit(chunks.get(next)!, false);
      for (const next of chunk.dynamicImports) if (chunks.has(next)) visit(chunks.get(next)!, true);
    };
    visit(start, false);
  };
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) walk(chunk, 'shell');
    else {
      const group = rootGroup(chunk);
      if (group !== null) walk(chunk, group);
    }
  }
  return groups;
}

/**
 * The Vite plugin that records the groups of the client build, and the manifest transform that writes
 * them into the service worker's precache list (`groups` beside `url` and `revision`). A file of the
 * list that is not JS or CSS (index.html, the favicon, the web manifest) is part of the shell; the
 * PNG icons are left to the browser.
 */
export function precacheGroups(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let groups: PrecacheGroups = new Map();
  const plugin: Plugin = {
    name: 'precache-groups',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The service worker's own build (vite-plugin-pwa) has no chunk of the app: keep the app's groups.
      if (!Object.values(bundle).some((output) => output.type === 'chunk' && output.isEntry && output.name === 'index'))
        return;
      groups = groupBundle(bundle as Record<string, { type: string }>);
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    const manifest = entries.flatMap((entry) => {
      // The home-screen icons are fetched by the browser when the app is installed, online.
      if (/\.png$/.test(entry.url)) return [];
      if (!/\.(?:js|css)$/.test(entry.url)) return [{ ...entry, groups: ['shell'] }];
      const of = groups.get(entry.url);
      return of ? [{ ...entry, groups: [...of].sort() }] : [];
    });
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
