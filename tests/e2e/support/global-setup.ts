/**
 * Starts the real server (embedded PGlite in a fresh folder, demo data, the built app from dist/) for
 * the end-to-end suite, with single sign-on through a real OpenID provider on loopback, and stops both
 * afterwards.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { OpenIdProvider } from '../../fixtures/openid-provider';
import { freePort, startPortalProcess, type PortalProcess } from '../../fixtures/portal-process';
import { startSsoProvider } from './sso-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: PortalProcess | undefined;
let ssoProvider: OpenIdProvider | undefined;

export async function setup(project: TestProject) {
  // DIST_DIR lets parallel work build into its own folder (vite build --outDir …); the server reads it too.
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('Build the app first: npm run build');
  // The provider must know the portal's callback addresses, so the portal's port is chosen first.
  const port = await freePort();
  const sso = await startSsoProvider(`http://127.0.0.1:${port}`);
  ssoProvider = sso.provider;
  server = await startPortalProcess({
    port,
    // E2E_LOG_LEVEL=info shows the server's request log beside the test output when a test needs looking into.
    env: { DIST_DIR: distDir, LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', ...sso.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  project.provide('baseUrl', server.base);
}

export async function teardown() {
  await server?.stop();
  await ssoProvider?.stop();
}
