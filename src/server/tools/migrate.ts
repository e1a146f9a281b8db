/**
 * `npm run db:migrate`: applies the migrations and exits, without starting the server: to PostgreSQL
 * when DATABASE_URL is set (under the same advisory lock as a starting server, so it may run beside
 * one), otherwise to the embedded database in DATA_DIR.
 */
import path from 'node:path';
import { migratePostgres, openDatabase } from '../db/database';

// The two settings the server reads for its database (config.ts), and nothing else it would check.
const url = process.env.DATABASE_URL;
if (url) {
  await migratePostgres(url);
} else {
  // Opening the embedded database applies its migrations.
  const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? './data') });
  await database.close();
}
console.log('migrations applied');
