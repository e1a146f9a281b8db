import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { compressAssets } from './src/build/compress-assets.ts';
import { mantineStyles } from './src/build/mantine-styles.ts';
import { precacheGroups } from './src/build/precache-groups.ts';
import { routePreloads } from './src/build/route-preloads.ts';
import { signInCatalogue } from './src/build/sign-in-catalogue.ts';
import { HOME_LISTS } from './src/app/home-lists.ts';
import { PATHS } from './src/app/paths.ts';
import { PATIENCE_MS, TEST_PATIENCE_MS } from './tests/fixtures/patience.ts';

const groups = precacheGroups();

/**
 * Each role's home path and the modules a signed-in start loads there before the screen is idle: the
 * saved lists' restore and the token's check (main.tsx, the auth provider), the signed-in frame, the
 * area's guard and the screen; and the sign-in form's. An end-to-end test fails when a start there
 * requests a file not named.
 */
function homeRoutes(): Record<string, string[]> {
  const frame = [
    'src/app/offline/restore.ts',
    'src/app/features/auth/api/login-with-token.ts',
    'src/app/routes/dashboard/dashboard-layout.tsx',
    'src/app/routes/dashboard/require-area.tsx',
  ];
  return {
    [PATHS.suppliers.root]: [...frame, 'src/app/routes/suppliers/suppliers-home-page.tsx'],
    [PATHS.carrier.root]: [...frame, 'src/app/routes/carrier/carrier-home-page.tsx'],
    [PATHS.admin.ongoing]: [...frame, 'src/app/routes/admin/ongoing-page.tsx'],
    [PATHS.customs.root]: [...frame, 'src/app/routes/customs/customs-home-page.tsx'],
    // The sign-in form a phone opens from a link (its whole catalogue loads at start, as on the homes).
    [PATHS.login.traditional]: [
      'src/app/routes/login/login-layout.tsx',
      'src/app/routes/login/traditional-login-page.tsx',
    ],
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Each Mantine component's CSS travels with its code: a screen loads the styles it renders.
    mantineStyles(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    // A message without its Spanish text fails the build (and so CI).
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // A signed-out start on /login loads that screen's messages only: its slice of each catalogue.
    signInCatalogue({
      entry: 'src/app/main.tsx',
      isScreenModule: (file) =>
        /[\\/]src[\\/]app[\\/]routes[\\/]login[\\/]login-(?:layout|choice-page)\.tsx$/.test(file),
    }),
    // Which built files belong to the shell, a role or a language: the service worker installs the shell only.
    groups.plugin,
    // The home screens' files, named in the page the server sends for each home path, with their first list.
    routePreloads({ routes: homeRoutes(), lists: HOME_LISTS }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      // The home-screen and notification icons (public/icons) are fetched by the browser when needed, online:
      // not precached (about 32 kB a phone would otherwise download on its first visit).
      includeManifestIcons: false,
      manifest: {
        name: 'Scrap Logistics Portal',
        short_name: 'Scrap Portal',
        description: 'Transport tickets, shipping documents and customs review for scrap material',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#4157A1',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [groups.manifestTransform],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    // Last: brotli and gzip copies of everything written above, the service worker included.
    compressAssets(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every module, only less
    // in parallel; the polyfill would cost every phone's first screen about 0.6 kB gzip.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A catalogue's file says so (catalogue-es-…, sign-in-catalogue-es-…), not "messages" like others.
        chunkFileNames: (chunk) => {
          const id = chunk.facadeModuleId ?? '';
          const locale = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.po$/.exec(id)?.[1];
          if (locale) return `assets/catalogue-${locale}-[hash].js`;
          const slice = /^\0sign-in-catalogue:(\w+)$/.exec(id)?.[1];
          if (slice) return `assets/sign-in-catalogue-${slice}-[hash].js`;
          return 'assets/[name]-[hash].js';
        },
      },
    },
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  test: {
    // No wall clock decides a result (tests/fixtures/patience.ts): a test waits as long as it must.
    testTimeout: TEST_PATIENCE_MS,
    hookTimeout: TEST_PATIENCE_MS,
    expect: { poll: { timeout: PATIENCE_MS } },
    projects: [
      {
        extends: true,
        // Pure functions: the files of a worker share one module graph (no re-import per file).
        test: { name: 'shared', include: ['tests/shared/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Every file has its own database copied from ones migrated once per run, so files run side by side.
          globalSetup: ['tests/server/helpers/database-templates.ts'],
          setupFiles: ['tests/server/helpers/real-clock.ts'],
          // The files of a worker share one module graph instead of importing the server again each
          // (about 60 s of a CI run): each builds its own app and database, and none changes the
          // environment or mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // happy-dom rather than jsdom: the same tests take about 30 % less CPU, and it applies the
          // stylesheet's media queries at its window's width (tests/app/decisions/0001-happy-dom.md).
          // Worker threads start each file's DOM faster than child processes, with the same isolation.
          pool: 'threads',
          setupFiles: ['tests/app/setup.ts'],
        },
      },
    ],
  },
});
