import { nextOutgoingId, type Outgoing } from './outgoing';

/**
 * Fresh snapshots of public channels for sockets that skipped some of their messages, shared while
 * one is on its way. When a busy market outruns many sockets they drain at about the same time, and
 * one snapshot (on an edge, one round trip to the core) serves every socket it covers, serialised
 * and framed once, instead of a request and a copy per socket.
 */
export class SharedSnapshots {
  readonly #inFlight = new Map<string, { covers: number; result: Promise<Outgoing | null> }>();

  /** `make` computes a snapshot of a public channel; it resolves null instead of failing. */
  constructor(private readonly make: (ch: string) => Promise<Outgoing | null>) {}

  /**
   * A snapshot of `ch` that covers every message up to number `covers`: the one on its way when it
   * was asked for after that message was made, else a new one.
   */
  get(ch: string, covers: number): Promise<Outgoing | null> {
    const current = this.#inFlight.get(ch);
    if (current && current.covers >= covers) return current.result;
    // Asked now, so it reflects at least every message made so far: on a core the snapshot is read
    // at once; an edge received those messages from the core before its request leaves.
    const entry = { covers: nextOutgoingId() - 1, result: this.make(ch) };
    this.#inFlight.set(ch, entry);
    const done = () => {
      if (this.#inFlight.get(ch) === entry) this.#inFlight.delete(ch);
    };
    entry.result.then(done, done);
    return entry.result;
  }
}
