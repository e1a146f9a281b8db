/** Live events as a client sees them: an /api/events stream read over real HTTP. */
import { bearer } from './test-app';

export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** An open /api/events stream read over real HTTP with fetch's body reader. */
export class EventStream {
  readonly messages: SseMessage[] = [];
  retry: number | undefined;
  /** The server ended the stream. */
  ended = false;
  private buffer = '';
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  /** Opens the stream as the app does (`ticket`: with a ticket in the address) or with the header. */
  static async open(origin: string, token: string, via: 'ticket' | 'header' = 'ticket'): Promise<EventStream> {
    const abort = new AbortController();
    const url =
      via === 'ticket'
        ? `${origin}/api/events?ticket=${encodeURIComponent(await streamTicket(origin, token))}`
        : `${origin}/api/events`;
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...(via === 'header' ? bearer(token) : {}) },
      signal: abort.signal,
    });
    return new EventStream(response, abort);
  }

  private async pump() {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          this.ended = true;
          break;
        }
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        for (const wake of this.waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  }

  private parse(block: string) {
    const message: SseMessage = { event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'retry') this.retry = Number(value);
      else if (field === 'event') message.event = value;
      else if (field === 'id') message.id = value;
      else if (field === 'data') {
        message.data += (hasData ? '\n' : '') + value;
        hasData = true;
      }
    }
    if (hasData) this.messages.push(message);
  }

  /** Resolves with the first ticket event matching `match`, or rejects after `ms`. */
  async ticket(match: (data: Record<string, unknown>) => boolean, ms = 8000): Promise<Record<string, unknown>> {
    const find = () =>
      this.messages
        .filter((m) => m.event === 'ticket')
        .map((m) => JSON.parse(m.data) as Record<string, unknown>)
        .find(match);
    const deadline = Date.now() + ms;
    for (let found = find(); ; found = find()) {
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching ticket event within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, Math.min(left, 200));
      });
    }
  }

  tickets(): Record<string, unknown>[] {
    return this.messages.filter((m) => m.event === 'ticket').map((m) => JSON.parse(m.data) as Record<string, unknown>);
  }

  close() {
    this.abort.abort();
  }
}

/** A ticket for the event stream, asked for with the session token as the app does. */
export async function streamTicket(origin: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/api/events/ticket`, { method: 'POST', headers: bearer(token) });
  if (response.status !== 200) throw new Error(`no stream ticket: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { ticket: string }).ticket;
}
