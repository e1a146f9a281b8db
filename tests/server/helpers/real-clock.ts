/**
 * Setup of every server test file: it starts on the real clock.
 *
 * The server files of a worker share one module graph and one global scope (isolate: false), so a file
 * that fakes `Date` and leaves it faked (a hook that failed before its `vi.useRealTimers()`) would hand
 * the next file a clock minutes or days off. That file's fresh tokens would then carry a time the real
 * clock later refuses (issued in the future, or older than a day), and its requests would get 401 for no
 * reason of their own. (The 401s once seen in CI for one user of a file had another cause: a token
 * signed as the clock turned a second, src/server/plugins/auth.ts.)
 */
import { beforeAll, vi } from 'vitest';

/** Further than this between `Date` and the monotonic clock, `Date` was faked. */
const FAKED_BEYOND_MS = 1000;

beforeAll(() => {
  const real = performance.timeOrigin + performance.now();
  if (!vi.isFakeTimers() && Math.abs(Date.now() - real) <= FAKED_BEYOND_MS) return;
  console.warn(`the clock was faked when this file started (${new Date().toISOString()}): back on the real one`);
  vi.useRealTimers();
});
