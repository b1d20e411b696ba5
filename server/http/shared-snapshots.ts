import { lastPublicationOf } from './outgoing';

/**
 * Snapshots of public channels, shared while one is on its way: sockets that subscribe together
 * (clients reconnecting after an edge went away) or drain together (a busy market outran them) get
 * one snapshot, on an edge one round trip to the core, serialised and framed once, instead of a
 * request and a copy each. A snapshot serves a socket only if it was asked for after every message
 * the socket did not get, so no message falls between the snapshot and the stream.
 */
export class SharedSnapshots<T> {
  readonly #inFlight = new Map<string, { covers: number; result: Promise<T> }>();

  /** `make` computes a snapshot of a public channel; it resolves (to a failure value) rather than reject. */
  constructor(private readonly make: (ch: string) => Promise<T>) {}

  /**
   * A snapshot of `ch` that covers its publications up to number `covers` (`Outgoing.id`): the one
   * on its way when it was asked for after that publication was made, else a new one.
   */
  get(ch: string, covers: number): Promise<T> {
    const current = this.#inFlight.get(ch);
    if (current && current.covers >= covers) return current.result;
    // Asked now, so it reflects at least every publication made so far: on a core the snapshot is
    // read at once; an edge received those publications from the core before its request leaves.
    const entry = { covers: lastPublicationOf(ch), result: this.make(ch) };
    this.#inFlight.set(ch, entry);
    const done = () => {
      if (this.#inFlight.get(ch) === entry) this.#inFlight.delete(ch);
    };
    entry.result.then(done, done);
    return entry.result;
  }
}
