/**
 * The database as a named plugin: decorates `database` (driver, raw SQL, LISTEN) and `db` (drizzle).
 * A database handed in (tests share one per file; the start script opens it to seed first) is left open
 * for its owner to close; one this plugin opens from the configuration is closed with the server.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export interface DatabasePluginOptions {
  database?: Database;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const database =
      options.database ?? (await openDatabase({ url: app.config.databaseUrl, dataDir: app.config.dataDir }));
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (!options.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);
