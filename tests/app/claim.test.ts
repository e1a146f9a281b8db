/**
 * A page that opened uncontrolled asks the worker to claim it (src/app/offline/claim.ts), and only once the
 * worker has finished activating: a claim() asked of a worker still activating may be refused.
 */
import { describe, expect, it } from 'vitest';
import { askToBeControlled, CLAIM_MESSAGE } from '../../src/app/offline/claim';

/** A worker that records each message with the state it was in when the message came. */
class StandInWorker extends EventTarget {
  messages: { message: unknown; state: ServiceWorkerState }[] = [];
  /** Settles once the page listens for the worker's state changes. */
  listening: Promise<void>;
  private heard: () => void = () => undefined;
  constructor(public state: ServiceWorkerState) {
    super();
    this.listening = new Promise((resolve) => (this.heard = resolve));
  }
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    super.addEventListener(...args);
    if (args[0] === 'statechange') this.heard();
  }
  postMessage(message: unknown) {
    this.messages.push({ message, state: this.state });
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

describe('asking the service worker to claim the page', () => {
  it('should ask an activated worker at once', async () => {
    const worker = new StandInWorker('activated');
    await askToBeControlled(containerWith(worker));
    expect(worker.messages).toEqual([{ message: { type: CLAIM_MESSAGE }, state: 'activated' }]);
  });

  it('should ask a worker still activating only once it has activated', async () => {
    const worker = new StandInWorker('activating');
    const asked = askToBeControlled(containerWith(worker));
    await worker.listening;
    worker.become('activated');
    await asked;
    expect(worker.messages).toEqual([{ message: { type: CLAIM_MESSAGE }, state: 'activated' }]);
  });

  it('should not ask a worker that became redundant, nor when the page is already controlled', async () => {
    const replaced = new StandInWorker('activating');
    const asked = askToBeControlled(containerWith(replaced));
    await replaced.listening;
    replaced.become('redundant');
    await asked;
    expect(replaced.messages).toEqual([]);

    const worker = new StandInWorker('activated');
    await askToBeControlled(containerWith(worker, {}));
    expect(worker.messages).toEqual([]);
  });
});
