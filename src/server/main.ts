/** Starts the server and shuts it down gracefully on SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { buildApp } from './app';

// Settings from a local .env file, when there is one (see .env.example).
if (existsSync('.env')) process.loadEnvFile('.env');

// A setting that cannot work (a short key, say) stops the start with its reason, not a stack trace.
const app = await buildApp().catch((error: unknown) => {
  console.error(`The portal cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const { port, host } = app.config;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
const shown = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
app.log.info(`Scrap logistics portal on http://${shown}:${port} (API docs at /api/docs)`);
app.log.info(
  'Demo users: admin, adminro, supplier1, supplier2, carrier1, carrier2, rail1, customs1, customs2 — password Demo-1234!',
);
