/**
 * The start script: reads the configuration, opens the database and seeds the demo data when it should,
 * builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM within a time limit.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createFileStore } from './plugins/file-store';
import { isEmpty, seedDemo } from './seed/demo-seed';

// Settings from a local .env file, when there is one (see .env.example).
if (existsSync('.env')) process.loadEnvFile('.env');

// A setting that cannot work (a port that is not a number, a short key) stops the start with its reason,
// not a stack trace.
function cannotStart(error: unknown): never {
  console.error(`The portal cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/**
 * SEED_DEMO=true seeds any database (the seed skips one that has its users), SEED_DEMO=false none; unset,
 * only an empty embedded database is seeded, so a first `npm start` has the demo users.
 */
async function shouldSeed(config: Config, database: Database): Promise<boolean> {
  if (config.seedDemo !== undefined) return config.seedDemo;
  return database.kind === 'pglite' && (await isEmpty(database.db));
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  cannotStart(error);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch(cannotStart);
// Seeded before the app starts its jobs, so no sweep runs against half-written demo data.
const seeding = await shouldSeed(config, database);
if (seeding) {
  const files = createFileStore(config);
  await files.check().catch(cannotStart);
  await seedDemo(database.db, undefined, files).catch(cannotStart);
}
const app = await buildApp({ config, database }).catch(cannotStart);
if (seeding) app.log.info('demo data seeded');

let stopping = false;
const shutdown = async (signal: string) => {
  // A second signal while stopping: the operator wants out now.
  if (stopping) process.exit(1);
  stopping = true;
  // Readiness answers 503 from now on, while the requests in flight finish.
  app.draining = true;
  app.log.info({ signal }, 'shutting down');
  // Requests that never end (a stalled upload) must not keep the process alive past the limit.
  setTimeout(() => {
    app.log.error(`shutdown took longer than ${config.shutdownTimeoutSeconds} s: exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000).unref();
  try {
    // Stops accepting connections, ends the event streams, waits for requests in flight, stops the jobs.
    await app.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const { host } = app.config;
await app.listen({ port: app.config.port, host });
// The port actually bound (PORT=0 picks a free one).
const { port } = app.server.address() as AddressInfo;
const shown = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
app.log.info(`Scrap logistics portal on http://${shown}:${port} (API docs at /api/docs)`);
app.log.info(
  'Demo users: admin, adminro, supplier1, supplier2, carrier1, carrier2, rail1, customs1, customs2 — password Demo-1234!',
);
