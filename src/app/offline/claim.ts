/**
 * A page the service worker does not control loads every screen and list from the network, so it breaks
 * as soon as the connection goes, even though everything it needs is cached. The worker claims every open
 * page when it activates (sw.ts), but Chromium leaves out a page whose navigation was still under way at
 * that moment (w3c/ServiceWorker#1090: claim() and reserved clients), and a hard reload bypasses the
 * worker on purpose. Either way the page stays uncontrolled until the next load: the sign-in on a first
 * visit is exactly such a navigation. So a page that starts uncontrolled asks the active worker to claim
 * it once it is active.
 * No React here: the worker's half (sw.ts) imports the message name.
 */
export const CLAIM_MESSAGE = 'CLAIM_CLIENTS';

export async function askToBeControlled(container: ServiceWorkerContainer | undefined): Promise<void> {
  if (!container || container.controller) return;
  const registration = await container.ready;
  if (!container.controller) registration.active?.postMessage({ type: CLAIM_MESSAGE });
}
