/**
 * Brotli and gzip copies of the built text files (`app.js` → `app.js.br`, `app.js.gz`), made once at
 * build time at the highest levels, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of sending every asset uncompressed or compressing on every request. A
 * phone on a slow link downloads about a third of the bytes. Files too small to gain anything, and
 * copies that would not be smaller, are left out; the server then sends the plain file.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `.br` and `.gz` beside every compressible file of `dir`; answers how many files were compressed. */
export async function compressFolder(dir: string): Promise<number> {
  const jobs: Promise<boolean>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return false;
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        return true;
      })(),
    );
  }
  return (await Promise.all(jobs)).filter(Boolean).length;
}

/**
 * Compresses the output folder after everything else is written: it runs last among the plugins'
 * closing steps, after the service worker is generated, so `sw.js` gets its copies too and the
 * precache list (made from the plain files) never lists a `.br` or `.gz`.
 */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await compressFolder(outDir);
      },
    },
  };
}
