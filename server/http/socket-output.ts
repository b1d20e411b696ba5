import type { Outgoing } from './outgoing';

/** How much a socket may hold back and for how long (bytes, ms). */
export interface OutputLimits {
  /**
   * Above this many bytes waiting to go out, a replaceable message (a book diff) is not queued: its
   * channel is held for this socket, and a fresh snapshot goes out once the socket drains.
   */
  holdBytes: number;
  /** Above this many bytes waiting (messages that cannot be replaced piled up), the socket is dropped. */
  maxBytes: number;
  /** A socket holding a channel this long without draining once is dropped (it resyncs on reconnect). */
  hopelessMs: number;
  /** Messages of a held channel kept while its snapshot is on its way, at most (then it is fetched again). */
  maxQueued: number;
}

/** The limits of the sockets at /ws. */
export const OUTPUT_LIMITS: OutputLimits = {
  holdBytes: 64 * 1024,
  maxBytes: 4 * 1024 * 1024,
  hopelessMs: 15_000,
  maxQueued: 1024,
};

/** Close code of a socket dropped for not keeping up (RFC 6455 "try again later"). */
export const TOO_SLOW_CODE = 1013;

/** What a `SocketOutput` writes to and asks. */
export interface SocketOutputDeps {
  /** The upgraded TCP socket: frames are written to it directly, not through ws's sender. */
  stream: {
    write(chunk: Buffer): boolean;
    readonly writableLength: number;
    on(event: 'drain', listener: () => void): unknown;
  };
  /** Whether the WebSocket is open (nothing may follow a close frame). */
  isOpen(): boolean;
  /** Closes the WebSocket with `code` (ws sends the close frame). */
  close(code: number, reason: string): void;
  /** Whether the socket negotiated permessage-deflate. */
  deflate: boolean;
  /**
   * A snapshot of `ch` for this socket covering its publications up to number `covers`
   * (`Outgoing.id`), or null when there is none (or it failed).
   */
  snapshot(ch: string, covers: number): Promise<Outgoing | null>;
  /** Whether the socket still listens to `ch`. */
  subscribed(ch: string): boolean;
  limits?: OutputLimits;
}

/** A channel whose replaceable messages this socket skips. */
interface Held {
  /** `holding`: waiting for the socket to drain; `fetching`: its snapshot is on its way. */
  state: 'holding' | 'fetching';
  /** Messages of the channel that arrived while the snapshot was on its way, sent after it. */
  queue: Outgoing[];
  /** The queue overflowed: this snapshot is not enough, fetch another. */
  again: boolean;
  /** The number of the last message skipped: the snapshot must cover it. */
  skipped: number;
}

/** Sockets with frames waiting for the end of this tick. */
const pending = new Set<SocketOutput>();
let flushScheduled = false;

function flushAll(): void {
  flushScheduled = false;
  for (const out of pending) {
    pending.delete(out);
    out.flush();
  }
}

/**
 * What one socket sends, in order. Frames are written to the socket's stream at the end of the tick,
 * several at once when a burst of publications arrives together (one write instead of one each).
 * A socket that falls behind skips replaceable messages (book diffs) of a channel and gets one fresh
 * snapshot of it when it drains: it sees the newest book, not every step; its memory is bounded by
 * `holdBytes` plus what cannot be replaced, up to `maxBytes`, past which, or after `hopelessMs`
 * without draining, it is closed with 1013 and resyncs on reconnect.
 */
export class SocketOutput {
  readonly #deps: SocketOutputDeps;
  readonly #limits: OutputLimits;
  #frames: Buffer[] = [];
  #frameBytes = 0;
  /** Made on the first hold: most sockets never fall behind. */
  #held: Map<string, Held> | null = null;
  #hopeless: NodeJS.Timeout | null = null;
  #closed = false;
  /** Replaceable messages skipped since the socket opened (diagnostics, tests). */
  skipped = 0;

  constructor(deps: SocketOutputDeps) {
    this.#deps = deps;
    this.#limits = deps.limits ?? OUTPUT_LIMITS;
    deps.stream.on('drain', () => this.#drained());
  }

  /** Bytes written but not yet taken by the network, plus this tick's frames. */
  get buffered(): number {
    return this.#deps.stream.writableLength + this.#frameBytes;
  }

  /** Channels whose messages this socket skips for now. */
  get held(): number {
    return this.#held?.size ?? 0;
  }

  /** Sends `msg` (or skips it, when its channel is held for this socket). */
  send(msg: Outgoing): void {
    if (this.#closed) return;
    const held = msg.ch === null ? undefined : this.#held?.get(msg.ch);
    if (held) return this.#whileHeld(held, msg);
    const buffered = this.buffered;
    if (buffered > this.#limits.maxBytes) return this.close(TOO_SLOW_CODE, 'too slow');
    if (msg.replaceable && msg.ch !== null && buffered > this.#limits.holdBytes) {
      this.skipped++;
      this.#hold(msg.ch, msg.id);
      return;
    }
    this.#write(msg);
  }

  /** Writes this tick's frames to the stream (run at the end of the tick; also before a close). */
  flush(): void {
    if (this.#frames.length === 0) return;
    const frames = this.#frames;
    const bytes = this.#frameBytes;
    this.#frames = [];
    this.#frameBytes = 0;
    if (this.#closed || !this.#deps.isOpen()) return;
    const below = this.#deps.stream.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames, bytes));
    // A channel held while this tick's frames counted is resumed by the 'drain' event, which comes
    // only after a write that crossed the stream's mark; below it, the socket has caught up already.
    if (below && this.held > 0) this.#drained();
  }

  /** Sends what is waiting, then closes the socket with `code`. */
  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.flush();
    this.closed();
    this.#deps.close(code, reason);
  }

  /** Forgets everything held (the socket closed). */
  closed(): void {
    this.#closed = true;
    this.#held = null;
    this.#frames = [];
    this.#frameBytes = 0;
    this.#stopHopeless();
  }

  #write(msg: Outgoing): void {
    const frame = msg.frame(this.#deps.deflate);
    this.#frames.push(frame);
    this.#frameBytes += frame.length;
    pending.add(this);
    if (!flushScheduled) {
      flushScheduled = true;
      process.nextTick(flushAll);
    }
  }

  #whileHeld(held: Held, msg: Outgoing): void {
    if (held.state === 'holding') {
      this.skipped++;
      held.skipped = msg.id;
      // A socket that drained without a 'drain' event (it never crossed the stream's mark) resumes here.
      if (this.buffered <= this.#limits.holdBytes) this.#drained();
      return;
    }
    if (held.queue.length >= this.#limits.maxQueued) {
      this.skipped += held.queue.length + 1;
      held.queue = [];
      held.again = true;
      held.skipped = msg.id;
      return;
    }
    held.queue.push(msg);
  }

  #hold(ch: string, skipped: number): void {
    (this.#held ??= new Map()).set(ch, { state: 'holding', queue: [], again: false, skipped });
    this.#startHopeless();
  }

  /** Drops the socket unless it drains within `hopelessMs` (a running count goes on). */
  #startHopeless(): void {
    if (this.#hopeless) return;
    this.#hopeless = setTimeout(() => {
      this.#hopeless = null;
      this.close(TOO_SLOW_CODE, 'too slow');
    }, this.#limits.hopelessMs);
    this.#hopeless.unref();
  }

  #stopHopeless(): void {
    if (this.#hopeless) clearTimeout(this.#hopeless);
    this.#hopeless = null;
  }

  /** The socket caught up: each held channel gets a fresh snapshot, then what came meanwhile. */
  #drained(): void {
    if (this.#closed || !this.#held?.size || this.buffered > this.#limits.holdBytes) return;
    this.#stopHopeless();
    for (const [ch, held] of this.#held) {
      if (held.state === 'holding') void this.#resync(ch, held);
    }
  }

  async #resync(ch: string, held: Held): Promise<void> {
    held.state = 'fetching';
    const snapshot = await this.#deps.snapshot(ch, held.skipped).catch(() => null);
    if (this.#closed || this.#held?.get(ch) !== held) return;
    if (!this.#deps.subscribed(ch)) {
      this.#held.delete(ch);
      return;
    }
    if (held.again) {
      // More came meanwhile than the queue keeps: this snapshot is already behind, fetch another.
      held.again = false;
      held.state = 'holding';
      this.#startHopeless();
      return this.#drained();
    }
    this.#held.delete(ch);
    // Messages the snapshot already covers are harmless: the client skips a diff older than its book.
    // Without a snapshot the next diff shows the client a gap, and it fetches the book itself.
    if (snapshot) this.#write(snapshot);
    for (const msg of held.queue) this.send(msg);
  }
}
