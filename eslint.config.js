import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Import boundaries of STYLE.md: app and server never import each other; features do not import features. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// The app's dayjs follows the language and stays out of the sign-in screens' code (src/app/lib/dayjs.ts).
const appDayjs = {
  regex: '^dayjs(/.*)?$',
  message: "Import { dayjs } from app/lib/dayjs (or import it for its side effect beside Mantine's date pickers).",
};
const features = readdirSync('src/app/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'backups',
      'tests/.tmp',
      'src/server/db/migrations',
      'src/locales/**/*.ts',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        { group: ['**/server/**', '**/src/server/**'], message: 'The app must not import the server.' },
        appDayjs,
      ]),
    },
  },
  {
    files: ['src/app/lib/dayjs.ts'],
    rules: boundaries([{ group: ['**/server/**'], message: 'The app must not import the server.' }]),
  },
  // Each feature may import app/lib, app/components, app/offline and shared, never a sibling feature.
  ...features.map((feature) => ({
    files: [`src/app/features/${feature}/**/*.{ts,tsx}`],
    rules: boundaries([
      { group: ['**/server/**'], message: 'The app must not import the server.' },
      appDayjs,
      {
        group: [
          '**/features/__none__/**',
          ...features
            .filter((other) => other !== feature)
            .flatMap((other) => [
              `../${other}`,
              `../${other}/**`,
              `../../${other}`,
              `../../${other}/**`,
              `../../../${other}/**`,
              `**/features/${other}/**`,
            ]),
        ],
        message: 'A feature must not import another feature; lift shared pieces to app/components or shared.',
      },
    ]),
  })),
  {
    files: ['src/app/components/**/*.{ts,tsx}'],
    rules: boundaries([
      { group: ['**/server/**'], message: 'The app must not import the server.' },
      appDayjs,
      { group: ['**/features/**'], message: 'Shared components import no feature.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundaries([{ group: ['**/app/**', '**/src/app/**'], message: 'The server must not import the app.' }]),
  },
  // Server layers: routes (HTTP) → services (rules, transactions) → repositories (SQL). Routes write no
  // SQL; services and repositories know nothing of HTTP routes; repositories call no service.
  {
    files: ['src/server/routes/**/*.ts'],
    rules: boundaries([
      { group: ['**/app/**', '**/src/app/**'], message: 'The server must not import the app.' },
      {
        group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/db/schema', '**/db/schema/**'],
        message: 'Routes write no SQL: call a service or a repository.',
      },
    ]),
  },
  {
    files: ['src/server/services/**/*.ts'],
    rules: boundaries([
      { group: ['**/app/**', '**/src/app/**'], message: 'The server must not import the app.' },
      { group: ['**/routes/**'], message: 'Services do not import routes; lift what both need into the service.' },
    ]),
  },
  {
    files: ['src/server/repositories/**/*.ts'],
    rules: boundaries([
      { group: ['**/app/**', '**/src/app/**'], message: 'The server must not import the app.' },
      {
        group: ['**/routes/**', '**/services/**', '**/http/**', 'fastify', '@fastify/*'],
        message: 'Repositories hold SQL only: no HTTP, no services.',
      },
    ]),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundaries([
      {
        group: ['**/app/**', '**/server/**', 'node:*', 'react', 'react-dom'],
        message: 'src/shared runs in the browser and in Node: no app, server, Node or DOM imports.',
      },
    ]),
  },
  {
    files: ['src/server/db/database.ts', 'src/server/repositories/**/*.ts', 'src/server/jobs/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
