/**
 * A page the service worker does not control loads every screen and list from the network, so it breaks
 * as soon as the connection goes, even though everything it needs is cached. The worker claims every open
 * page when it activates (sw.ts), but Chromium leaves out a page whose navigation was still under way at
 * that moment (w3c/ServiceWorker#1090: claim() and reserved clients), and a hard reload bypasses the
 * worker on purpose. Either way the page stays uncontrolled until the next load: the sign-in on a first
 * visit is exactly such a navigation. So a page that starts uncontrolled asks the active worker to claim
 * it.
 *
 * It asks once the worker has finished activating. `ready` already resolves while the worker is still
 * activating (precaching on a busy phone can take a while), and an engine may refuse a claim() made
 * then; the worker's own claim at activation does not include this page either, for the reason above.
 * No React here: the worker's half (sw.ts) imports the message name.
 */
export const CLAIM_MESSAGE = 'CLAIM_CLIENTS';

function activated(worker: ServiceWorker): Promise<boolean> {
  if (worker.state === 'activated' || worker.state === 'redundant')
    return Promise.resolve(worker.state === 'activated');
  return new Promise((resolve) => {
    const changed = () => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', changed);
      resolve(worker.state === 'activated');
    };
    worker.addEventListener('statechange', changed);
  });
}

export async function askToBeControlled(container: ServiceWorkerContainer | undefined): Promise<void> {
  if (!container || container.controller) return;
  const worker = (await container.ready).active;
  if (!worker || !(await activated(worker))) return;
  if (!container.controller) worker.postMessage({ type: CLAIM_MESSAGE });
}
