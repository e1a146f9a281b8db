/**
 * A page that opened uncontrolled asks the worker to claim it (src/app/offline/claim.ts), and only once the
 * worker has finished activating: a claim() asked of a worker still activating may be refused.
 */
import { describe, expect, it } from 'vitest';
import { askToBeControlled, CLAIM_MESSAGE } from '../../src/app/offline/claim';

class StandInWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function containerWith(worker: StandInWorker, controller: unknown = null) {
  return {
    controller,
    ready: Promise.resolve({ active: worker }),
  } as unknown as ServiceWorkerContainer;
}

/** Lets every pending promise callback run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('asking the service worker to claim the page', () => {
  it('should ask an activated worker at once', async () => {
    const worker = new StandInWorker('activated');
    await askToBeControlled(containerWith(worker));
    expect(worker.messages).toEqual([{ type: CLAIM_MESSAGE }]);
  });

  it('should wait until a worker still activating has activated', async () => {
    const worker = new StandInWorker('activating');
    const asked = askToBeControlled(containerWith(worker));
    await settled();
    expect(worker.messages).toEqual([]);
    worker.become('activated');
    await asked;
    expect(worker.messages).toEqual([{ type: CLAIM_MESSAGE }]);
  });

  it('should not ask a worker that became redundant, nor when the page is already controlled', async () => {
    const replaced = new StandInWorker('activating');
    const asked = askToBeControlled(containerWith(replaced));
    await settled();
    replaced.become('redundant');
    await asked;
    expect(replaced.messages).toEqual([]);

    const worker = new StandInWorker('activated');
    await askToBeControlled(containerWith(worker, {}));
    expect(worker.messages).toEqual([]);
  });
});
