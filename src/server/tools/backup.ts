/**
 * `npm run backup -- [folder]` and `npm run restore -- folder [--force]`: the portal's whole state in one
 * folder, and back. The configuration is the server's own (DATABASE_URL, DATA_DIR, FILE_STORE and the S3
 * settings), so the commands are run with the environment the server runs with.
 *
 * A backup holds:
 * - `database.dump`: PostgreSQL's, by pg_dump in its custom format (one consistent snapshot; the server
 *   may keep running), or `database.tar.gz`: the embedded database's data folder, by PGlite itself (the
 *   embedded database is one process's: stop the server first);
 * - `files/`: every object of the file store (a folder or a bucket), under its own key;
 * - `keys/`: the key files of DATA_DIR (token signing, captcha), so the restored portal takes the
 *   tokens and links it issued before; keys given in the environment are not in files and not copied;
 * - `manifest.json`: what the backup holds, each file with its size and SHA-256.
 * The database is copied before the files, so every file the copied database names was there when the
 * files were copied, unless it was removed in between (back up in a quiet hour, or with the server
 * stopped, to be sure).
 *
 * A restore checks every file of the backup against the manifest before it writes anything, then
 * refuses a database that already holds data unless --force (which replaces it), writes the files back
 * under their keys and the key files into DATA_DIR. Run it with the server stopped.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { createFileStore } from '../plugins/file-store';

/** The key files of DATA_DIR (config.ts makes them on first start when the environment gives none). */
const KEY_FILES = ['jwt-secret.key', 'captcha-hmac.key'];

interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  files: { key: string; bytes: number; sha256: string }[];
  keys: string[];
}

/** Runs a PostgreSQL client program; rejects with its error output. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not be run: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const embeddedFolder = (config: Config) => path.join(config.dataDir, 'db');

export async function backup(folder: string, config: Config = loadConfig()): Promise<Manifest> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) throw new Error(`${folder} is not empty`);
  await mkdir(path.join(folder, 'files'), { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);

  const database = config.databaseUrl ? 'postgres' : 'pglite';
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(folder, 'database.dump')}`,
      config.databaseUrl,
    ]);
  } else {
    if (!existsSync(embeddedFolder(config))) throw new Error(`no embedded database in ${config.dataDir}`);
    const client = await PGlite.create(embeddedFolder(config));
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(path.join(folder, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await client.close();
    }
  }

  const store = createFileStore(config);
  const files: Manifest['files'] = [];
  for await (const { key } of store.list()) {
    const source = await store.open(key);
    if (!source) continue; // removed since it was listed
    const target = path.join(folder, 'files', key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const hash = createHash('sha256');
    let bytes = 0;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    await pipeline(source, createWriteStream(target, { mode: 0o600 }));
    files.push({ key, bytes, sha256: hash.digest('hex') });
  }

  const keys: string[] = [];
  await mkdir(path.join(folder, 'keys'), { mode: 0o700 });
  for (const name of KEY_FILES) {
    const file = path.join(config.dataDir, name);
    if (!existsSync(file)) continue;
    await copyFile(file, path.join(folder, 'keys', name));
    await chmod(path.join(folder, 'keys', name), 0o600);
    keys.push(name);
  }

  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database, files, keys };
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Fails, before anything is written, when the backup is not whole or not for this kind of database. */
async function checkBackup(folder: string, config: Config): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== wanted)
    throw new Error(`the backup is of a ${manifest.database} database; this configuration uses ${wanted}`);
  for (const file of manifest.files) {
    const copy = path.join(folder, 'files', file.key);
    const info = await stat(copy).catch(() => undefined);
    if (!info || info.size !== file.bytes || (await sha256Of(copy)) !== file.sha256)
      throw new Error(`the backup's file ${file.key} is missing or damaged`);
  }
  return manifest;
}

/** Whether the PostgreSQL database holds any table outside the system's schemas. */
async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema') limit 1",
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

/** Empties the PostgreSQL database: every schema but the system's dropped, and an empty public. */
async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
    );
    for (const { name } of rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

export async function restore(folder: string, force: boolean, config: Config = loadConfig()): Promise<Manifest> {
  const manifest = await checkBackup(folder, config);

  if (config.databaseUrl) {
    if (await postgresHasData(config.databaseUrl)) {
      if (!force) throw new Error('the database already holds data: restore into an empty one, or add --force');
      await emptyPostgres(config.databaseUrl);
    }
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(folder, 'database.dump'),
    ]);
  } else {
    if (existsSync(embeddedFolder(config))) {
      if (!force) throw new Error(`${embeddedFolder(config)} exists: restore into an empty DATA_DIR, or add --force`);
      await rm(embeddedFolder(config), { recursive: true, force: true });
    }
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const dump = new Blob([await readFile(path.join(folder, 'database.tar.gz'))]);
    const client = await PGlite.create(embeddedFolder(config), { loadDataDir: dump });
    await client.close();
  }

  const store = createFileStore(config);
  await store.check();
  for (const file of manifest.files) {
    await store.remove(file.key);
    await store.put(createReadStream(path.join(folder, 'files', file.key)), Number.MAX_SAFE_INTEGER, file.key);
  }

  for (const name of manifest.keys) {
    await writeFile(path.join(config.dataDir, name), await readFile(path.join(folder, 'keys', name)), { mode: 0o600 });
    await chmod(path.join(config.dataDir, name), 0o600);
  }
  return manifest;
}

/** The command line: `backup [folder]` or `restore folder [--force]`. */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const folder = rest.find((arg) => !arg.startsWith('--'));
  if (command === 'backup') {
    const target = path.resolve(
      folder ?? path.join('backups', `portal-${new Date().toISOString().replace(/[:.]/g, '-')}`),
    );
    const manifest = await backup(target);
    console.log(
      `backed up the ${manifest.database} database, ${manifest.files.length} files and ${manifest.keys.length} key files to ${target}`,
    );
  } else if (command === 'restore' && folder) {
    const manifest = await restore(path.resolve(folder), force);
    console.log(
      `restored the ${manifest.database} database, ${manifest.files.length} files and ${manifest.keys.length} key files from ${folder}`,
    );
  } else {
    throw new Error('usage: npm run backup -- [folder] | npm run restore -- folder [--force]');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`${(error as Error).message}`);
    process.exitCode = 1;
  });
}
