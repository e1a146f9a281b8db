/**
 * Server keys that must never be guessable: taken from the environment when set (and refused when short),
 * otherwise a random key made on first start and kept in a file under DATA_DIR, so a restart keeps it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MIN_KEY_LENGTH = 32;

export interface ResolvedKey {
  key: string;
  /** Set when this call made the key and wrote it to this file (the caller logs it). */
  createdFile?: string;
}

/**
 * The key named `variable`: its environment value when given, else the content of `file`, else a new
 * random key (48 bytes, base64url) written to `file` (mode 0600; an existing file is never overwritten).
 */
export function resolveKey(variable: string, value: string | undefined, file: string): ResolvedKey {
  if (value !== undefined && value !== '') {
    if (value.length < MIN_KEY_LENGTH) throw new Error(`${variable} must be at least ${MIN_KEY_LENGTH} characters`);
    return { key: value };
  }
  const existing = readKeyFile(file);
  if (existing !== undefined) {
    if (existing.length < MIN_KEY_LENGTH)
      throw new Error(`${file} holds a key shorter than ${MIN_KEY_LENGTH} characters`);
    return { key: existing };
  }
  const key = randomBytes(48).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting at once on one DATA_DIR, the second reads the first one's key.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return resolveKey(variable, undefined, file);
  }
  return { key, createdFile: file };
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
