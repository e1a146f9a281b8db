/** A small EventSource stand-in (the test DOM has none): the test plays the server's side of each stream. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** A frame `event: <name>` with `data`. */
  frame(name: string, data: object): void {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  /** The connection dropped: EventSource says so and will reconnect by itself (then `open()` again). */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  /** The server refused a (re)connection: EventSource gives up on it. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  static open(): FakeEventSource[] {
    return FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  }
}
