export const FIRST_SCREEN_IDLE = 'portal:first-screen-idle';

let markRendered: () => void = () => undefined;
const rendered = new Promise<void>((resolve) => {
  markRendered = resolve;
});

/**
 * Called once by the root route's component when it has rendered: the router has its first screen
 * (its lazy modules loaded). Waiting for this rather than subscribing to the router matters: a
 * router with a subscriber of its own before RouterProvider mounts does not keep its first state
 * change for RouterProvider, which then shows its loading fallback for ever if that change lands
 * between its render and its subscription.
 */
export function firstScreenRendered(): void {
  markRendered();
}

/**
 * Resolves once the first screen has rendered, the page has loaded and the main thread has a quiet
 * moment (at most a few seconds later): work the first screen does not need, such as registering the
 * service worker or opening the offline store, waits for it so it never competes with the first paint.
 */
export async function afterFirstScreen(): Promise<void> {
  await rendered;
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 0);
  });
  // What came before this mark is what the first screen needed (npm run bench reads it).
  performance.mark(FIRST_SCREEN_IDLE);
}

let firstScreenSettled: Promise<void> = Promise.resolve();

/**
 * Work that may wait for the first screen (the outbox watch of the frame, say) waits for this. The app
 * hands it its afterFirstScreen promise; elsewhere (component tests) it is already settled.
 */
export const firstScreenIdle = (): Promise<void> => firstScreenSettled;

export function holdUntilFirstScreen(settled: Promise<void>): void {
  firstScreenSettled = settled;
}
