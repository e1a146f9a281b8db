import type { DataRouter } from 'react-router-dom';

export const FIRST_SCREEN_IDLE = 'portal:first-screen-idle';

/**
 * Resolves once the router has rendered its first screen (its lazy modules loaded), the page has
 * loaded and the main thread has a quiet moment (at most a few seconds later): work the first screen
 * does not need, such as registering the service worker or opening the offline store of a signed-out
 * page, waits for it so it never competes with the first paint.
 */
export async function afterFirstScreen(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 0);
  });
  // What came before this mark is what the first screen needed (npm run bench reads it).
  performance.mark(FIRST_SCREEN_IDLE);
}
