/**
 * The file store the configuration names (FILE_STORE): the local folder DATA_DIR/files by default, or an
 * S3-compatible bucket. Checked once at start, so a folder that cannot be written or a bucket that cannot
 * be reached stops the start with its reason instead of failing the first upload.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { FileStore } from '../files/file-store';
import { LocalFileStore } from '../files/local-file-store';
import { S3FileStore, type S3FileStoreLog } from '../files/s3-file-store';

export function createFileStore(config: Pick<Config, 'fileStore'>, log?: S3FileStoreLog): FileStore {
  const store = config.fileStore;
  return store.kind === 's3' ? new S3FileStore(store, log) : new LocalFileStore(store.folder);
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

/** The file store as a named plugin: decorates `files`. */
export const fileStorePlugin = fp(
  async (app) => {
    const store = createFileStore(app.config, app.log);
    await store.check();
    app.decorate('files', store);
  },
  { name: 'file-store' },
);
