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
 * - `manifest.json`: what the backup holds, each part (database, file, key file) with its size and SHA-256.
 * The database is copied before the files, so every file the copied database names was there when the
 * files were copied, unless it was removed in between (back up in a quiet hour, or with the server
 * stopped, to be sure).
 *
 * A restore checks every part of the backup against the manifest before it writes anything, refuses a
 * database that already holds data unless --force, then puts the database back (PostgreSQL: pg_restore
 * in one transaction, dropping and making again what the backup holds; embedded: loaded beside the old
 * folder and swapped in once whole, so a failed restore leaves the old database), the files under their
 * keys, and the key files into DATA_DIR. Run it with the server stopped; on the embedded database both
 * commands refuse while a server answers on PORT.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { isFileKey, ObjectMeter } from '../files/file-store';
import { createFileStore } from '../plugins/file-store';

/** The key files of DATA_DIR (config.ts makes them on first start when the environment gives none). */
const KEY_FILES = ['jwt-secret.key', 'captcha-hmac.key'];

/** A file of the backup, as the manifest describes it and the restore checks it. */
interface Part {
  bytes: number;
  sha256: string;
}

interface Manifest {
  format: 2;
  createdAt: string;
  database: Part & { kind: 'postgres' | 'pglite'; file: string };
  files: (Part & { key: string })[];
  keys: (Part & { name: string })[];
}

/**
 * Runs a PostgreSQL client program on `url`. The password goes in the environment (PGPASSWORD), never on
 * the command line, where every user of the machine could read it for as long as the dump runs.
 */
function runPostgresTool(command: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${target.toString()}`], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not be run: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** Size and SHA-256 of a file, read through the same meter the file store writes with. */
async function partOf(file: string): Promise<Part> {
  const meter = new ObjectMeter(Number.MAX_SAFE_INTEGER);
  await pipeline(createReadStream(file), meter, new Writable({ write: (_chunk, _encoding, done) => done() }));
  const { size, sha256 } = meter.result('');
  return { bytes: size, sha256 };
}

const embeddedFolder = (config: Config) => path.join(config.dataDir, 'db');

/**
 * Refuses to touch the embedded database while a server answers on this configuration's port: two
 * processes on one PGlite folder can corrupt it.
 */
async function refuseWhileServing(config: Config): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${config.port}/api/health/live`, {
    signal: AbortSignal.timeout(2000),
  }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new Error(`a server answers on port ${config.port}: stop it first (the embedded database is one process's)`);
}

export async function backup(folder: string, config: Config = loadConfig()): Promise<Manifest> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) throw new Error(`${folder} is not empty`);
  await mkdir(path.join(folder, 'files'), { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);

  let file: string;
  if (config.databaseUrl) {
    file = 'database.dump';
    await runPostgresTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${path.join(folder, file)}`],
      config.databaseUrl,
    );
    await chmod(path.join(folder, file), 0o600);
  } else {
    if (!existsSync(embeddedFolder(config))) throw new Error(`no embedded database in ${config.dataDir}`);
    await refuseWhileServing(config);
    file = 'database.tar.gz';
    const client = await PGlite.create(embeddedFolder(config));
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(path.join(folder, file), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await client.close();
    }
  }
  const database = {
    kind: config.databaseUrl ? ('postgres' as const) : ('pglite' as const),
    file,
    ...(await partOf(path.join(folder, file))),
  };

  const store = createFileStore(config);
  const files: Manifest['files'] = [];
  for await (const { key } of store.list()) {
    const source = await store.open(key);
    if (!source) continue; // removed since it was listed
    const target = path.join(folder, 'files', key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const meter = new ObjectMeter(Number.MAX_SAFE_INTEGER);
    await pipeline(source, meter, createWriteStream(target, { mode: 0o600 }));
    const { size, sha256 } = meter.result(key);
    files.push({ key, bytes: size, sha256 });
  }

  const keys: Manifest['keys'] = [];
  await mkdir(path.join(folder, 'keys'), { mode: 0o700 });
  for (const name of KEY_FILES) {
    const source = path.join(config.dataDir, name);
    if (!existsSync(source)) continue;
    await copyFile(source, path.join(folder, 'keys', name));
    await chmod(path.join(folder, 'keys', name), 0o600);
    keys.push({ name, ...(await partOf(source)) });
  }

  const manifest: Manifest = { format: 2, createdAt: new Date().toISOString(), database, files, keys };
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Fails, before anything is written, unless every part of the backup is there as the manifest says
 * (size and SHA-256) and names only what a backup may hold: object keys the store makes, the key files
 * of KEY_FILES, and a database of the kind this configuration uses.
 */
async function checkBackup(folder: string, config: Config): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 2) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  const { database } = manifest;
  if (database.kind !== wanted)
    throw new Error(`the backup is of a ${database.kind} database; this configuration uses ${wanted}`);
  const expected = wanted === 'postgres' ? 'database.dump' : 'database.tar.gz';
  const parts: [string, Part][] = [[expected, database]];
  if (database.file !== expected) throw new Error(`the backup's database file is not ${expected}`);
  for (const file of manifest.files) {
    if (!isFileKey(file.key)) throw new Error(`the backup names a file the store cannot hold: ${file.key}`);
    parts.push([path.join('files', file.key), file]);
  }
  for (const key of manifest.keys) {
    if (!KEY_FILES.includes(key.name)) throw new Error(`the backup names a key file the portal has not: ${key.name}`);
    parts.push([path.join('keys', key.name), key]);
  }
  for (const [name, part] of parts) {
    const copy = path.join(folder, name);
    const found = existsSync(copy) ? await partOf(copy) : undefined;
    if (found?.bytes !== part.bytes || found.sha256 !== part.sha256)
      throw new Error(`the backup's file ${name} is missing or damaged`);
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

export async function restore(folder: string, force: boolean, config: Config = loadConfig()): Promise<Manifest> {
  const manifest = await checkBackup(folder, config);
  const dump = path.join(folder, manifest.database.file);

  if (config.databaseUrl) {
    const replace = await postgresHasData(config.databaseUrl);
    if (replace && !force)
      throw new Error('the database already holds data: restore into an empty one, or add --force');
    // One transaction: a restore that fails leaves the database as it was. With --force, what the backup
    // holds is dropped and made again (--clean); anything else in the database is left alone.
    await runPostgresTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', ...(replace ? ['--clean', '--if-exists'] : []), dump],
      config.databaseUrl,
    );
  } else {
    await refuseWhileServing(config);
    const current = embeddedFolder(config);
    if (existsSync(current) && !force)
      throw new Error(`${current} exists: restore into an empty DATA_DIR, or add --force`);
    // Loaded beside the current folder and swapped in once whole: a restore that fails keeps the old one.
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const restoring = `${current}.restoring`;
    await rm(restoring, { recursive: true, force: true });
    const client = await PGlite.create(restoring, { loadDataDir: new Blob([await readFile(dump)]) });
    await client.close();
    if (existsSync(current)) {
      await rename(current, `${current}.old`);
      await rename(restoring, current);
      await rm(`${current}.old`, { recursive: true, force: true });
    } else {
      await rename(restoring, current);
    }
  }

  const store = createFileStore(config);
  await store.check();
  for (const file of manifest.files) {
    await store.remove(file.key);
    await store.put(createReadStream(path.join(folder, 'files', file.key)), Number.MAX_SAFE_INTEGER, file.key);
  }

  for (const { name } of manifest.keys) {
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
      `backed up the ${manifest.database.kind} database, ${manifest.files.length} files and ${manifest.keys.length} key files to ${target}`,
    );
  } else if (command === 'restore' && folder) {
    const manifest = await restore(path.resolve(folder), force);
    console.log(
      `restored the ${manifest.database.kind} database, ${manifest.files.length} files and ${manifest.keys.length} key files from ${folder}`,
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
