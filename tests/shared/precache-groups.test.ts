import { describe, expect, it } from 'vitest';
import { groupBundle } from '../../src/build/precache-groups';

const chunk = (
  fileName: string,
  facade: string | null,
  { imports = [] as string[], dynamicImports = [] as string[], css = [] as string[], modules = [] as string[] } = {},
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId: facade,
  moduleIds: facade ? [facade, ...modules] : modules,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});

const app = '/repo/src/app';
const bundle = Object.fromEntries(
  [
    chunk(
      'index.js',
      `${app}/main.tsx`,
      {
        imports: ['react.js'],
        dynamicImports: ['login.js', 'start.js', 'suppliers-home.js', 'admin-ongoing.js', 'en.js', 'es.js'],
        css: ['index.css'],
      },
      true,
    ),
    chunk('react.js', null, { modules: ['/repo/node_modules/react/index.js'] }),
    chunk('login.js', `${app}/routes/login/login-layout.tsx`, { imports: ['button.js'] }),
    chunk('button.js', null),
    chunk('start.js', `${app}/offline/start.ts`, { dynamicImports: ['firebase.js'] }),
    chunk('firebase.js', '/repo/node_modules/firebase/messaging/dist/index.esm.js'),
    chunk('suppliers-home.js', `${app}/routes/suppliers/suppliers-home-page.tsx`, {
      imports: ['button.js', 'table.js'],
      dynamicImports: ['dialog.js', 'admin-ongoing.js'],
      css: ['suppliers.css'],
    }),
    chunk('table.js', null),
    chunk('dialog.js', `${app}/features/tickets/components/new-ticket-dialog.tsx`),
    chunk('admin-ongoing.js', `${app}/routes/admin/ongoing-page.tsx`, { imports: ['table.js'] }),
    chunk('en.js', '/repo/src/locales/en/messages.po'),
    chunk('es.js', '/repo/src/locales/es/messages.po'),
  ].map((c) => [c.fileName, c]),
);

describe('precache groups of a build', () => {
  const groups = groupBundle(bundle);
  const of = (file: string) => [...(groups.get(file) ?? [])].sort();

  it('should put the entry, its CSS, the sign-in screens and the offline start in the shell', () => {
    for (const file of ['index.js', 'index.css', 'react.js', 'login.js', 'button.js', 'start.js'])
      expect(of(file)).toContain('shell');
  });

  it("should keep an area's screens, their dialogs and CSS to that area, and each catalogue to its language", () => {
    expect(of('suppliers-home.js')).toEqual(['suppliers']);
    expect(of('dialog.js')).toEqual(['suppliers']);
    expect(of('suppliers.css')).toEqual(['suppliers']);
    expect(of('table.js')).toEqual(['admin', 'suppliers']);
    expect(of('admin-ongoing.js')).toEqual(['admin']);
    expect(of('en.js')).toEqual(['locale:en']);
    expect(of('es.js')).toEqual(['locale:es']);
  });

  it('should leave Firebase out of every group', () => {
    expect(of('firebase.js')).toEqual([]);
  });
});
