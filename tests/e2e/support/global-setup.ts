/**
 * Starts the real server (embedded PGlite in a fresh folder, demo data, the built app from dist/) for
 * the end-to-end suite and stops it afterwards.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortalProcess, type PortalProcess } from '../../fixtures/portal-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: PortalProcess | undefined;

export async function setup(project: TestProject) {
  // DIST_DIR lets parallel work build into its own folder (vite build --outDir …); the server reads it too.
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('Build the app first: npm run build');
  server = await startPortalProcess({
    env: { DIST_DIR: distDir, LOGIN_RATE_LIMIT: '1000' },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeoutMs: 60_000,
  });
  project.provide('baseUrl', server.base);
}

export async function teardown() {
  await server?.stop();
}
