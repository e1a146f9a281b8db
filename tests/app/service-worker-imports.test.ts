/**
 * The service worker's script must start in a worker: nothing it imports may reach the page's API client,
 * session store or React, which read window and localStorage as they load. When the event stream's code
 * (which asks the API for its ticket) sat in a module the worker imports, the worker's script failed as
 * it loaded, it never installed, and the app lost its offline start. Walks the worker's imports from
 * src/app/sw.ts through every relative import.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGE_ONLY = [
  'src/app/lib/api-client.ts',
  'src/app/lib/session-store.ts',
  'src/app/lib/event-stream.ts',
  'src/app/lib/i18n.ts',
];

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every module src/app/sw.ts loads, by relative path from the project root, and package imports. */
function importsOf(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports are erased: they load nothing.
    for (const match of source.matchAll(
      /^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm,
    )) {
      const specifier = (match[1] ?? match[2])!;
      const target = resolve(file, specifier);
      if (target) queue.push(target);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  }
  return { modules: new Set([...modules].map((m) => path.relative(process.cwd(), m))), packages };
}

describe("the service worker's imports", () => {
  it('should reach no module of the page: API client, session, event stream, catalogue, React', () => {
    const { modules, packages } = importsOf(path.resolve('src/app/sw.ts'));
    expect(modules.has('src/app/sw/push.ts')).toBe(true);
    expect(modules.has('src/app/lib/live-events.ts')).toBe(true);
    expect(PAGE_ONLY.filter((file) => modules.has(file))).toEqual([]);
    expect([...packages].filter((name) => /^(react|react-dom|@mantine|@lingui)/.test(name))).toEqual([]);
  });
});
