import { WriterUnavailableError } from '../db';
import { AppError, type Authenticator, type ChannelHub, type RevokeListener } from '../http';
import { BusUnavailableError, type Bus } from './bus';
import {
  BEAT_SUBJECT,
  CMD_SUBJECT,
  REVOKE_SUBJECT,
  SNAP_SUBJECT,
  publicSubject,
  userSubject,
} from './subjects';
import type { CommandAnswer, CommandCall, SnapshotAnswer, SnapshotCall } from './wire';

/**
 * A command in flight fails with "busy" once the core has not beaten for this long (ms): a core
 * killed mid-command never answers, and the edge must not hang until the request's timeout.
 */
export const BEAT_LOST_MS = 500;
/** The longest a command may take at the core (its writer refuses after 10 s), in ms. */
export const COMMAND_TIMEOUT_MS = 12_000;
/** The longest a snapshot may take, in ms. */
const SNAPSHOT_TIMEOUT_MS = 5_000;
/** How often the edge checks the core's beat while commands are in flight, in ms. */
const WATCH_MS = 50;

/**
 * The edge's way to the core: forwards API calls and snapshot requests, and fails them with the
 * writer's "busy, try again" (HTTP 503, localized) when the core is away or stops beating mid-call.
 */
export class CoreLink {
  #lastBeat = 0;
  /** The term of the core that beats (empty before the first beat). */
  #term = '';
  readonly #inFlight = new Set<{ since: number; fail: (err: Error) => void }>();
  readonly #stops: (() => void)[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    this.#stops.push(bus.subscribe(BEAT_SUBJECT, (term) => this.#beat(term)));
    // A request or its answer in flight when the bus went away is lost with it: fail it now rather
    // than at its timeout (the core's beats may well resume before the watch would notice).
    this.#stops.push(
      bus.onStatus((status) => {
        if (status !== 'disconnected') return;
        for (const f of this.#inFlight) f.fail(new WriterUnavailableError('the bus went away'));
      }),
    );
    const watch = setInterval(() => this.#watch(), WATCH_MS);
    watch.unref();
    this.#stops.push(() => clearInterval(watch));
  }

  /** Runs `call` at the core: its data, or the `AppError` the core's handler threw. */
  async command(call: CommandCall): Promise<unknown> {
    const answer = JSON.parse(
      await this.#request(CMD_SUBJECT, JSON.stringify(call), COMMAND_TIMEOUT_MS),
    ) as CommandAnswer;
    if (answer.ok) return answer.data;
    if ('error' in answer) {
      const e = answer.error;
      throw new AppError(e.kind, e.key, e.field, e.status);
    }
    if ('busy' in answer) throw new WriterUnavailableError('the core refused: busy');
    throw new Error(`the core failed on ${call.endpoint}`);
  }

  /** The first message of a channel for a socket of this edge, computed by the core. */
  async snapshot(call: SnapshotCall): Promise<SnapshotAnswer> {
    try {
      return JSON.parse(
        await this.#request(SNAP_SUBJECT, JSON.stringify(call), SNAPSHOT_TIMEOUT_MS),
      ) as SnapshotAnswer;
    } catch {
      return { ok: false, msg: 'snapshot failed' };
    }
  }

  /** Whether the core beat within `BEAT_LOST_MS` (health). */
  coreAlive(): boolean {
    return this.now() - this.#lastBeat <= BEAT_LOST_MS;
  }

  close(): void {
    for (const stop of this.#stops) stop();
    for (const f of this.#inFlight) f.fail(new WriterUnavailableError('the edge is closing'));
  }

  async #request(subject: string, payload: string, timeoutMs: number): Promise<string> {
    let entry: { since: number; fail: (err: Error) => void } | undefined;
    const lost = new Promise<never>((_, reject) => {
      entry = { since: this.now(), fail: reject };
      this.#inFlight.add(entry);
    });
    try {
      return await Promise.race([this.bus.request(subject, payload, timeoutMs), lost]);
    } catch (err) {
      if (err instanceof BusUnavailableError)
        throw new WriterUnavailableError(`the core is away: ${err.message}`);
      throw err;
    } finally {
      this.#inFlight.delete(entry!);
    }
  }

  #beat(term: string): void {
    this.#lastBeat = this.now();
    if (term === this.#term) return;
    const old = this.#term;
    this.#term = term;
    if (!old) return;
    // A standby took over: what was sent before its first beat may have gone to the core that died
    // (a standby ready in time beats again within BEAT_LOST_MS, so the silence alone is not enough).
    // The client sends it again under its idempotency key and gets the one answer.
    for (const f of this.#inFlight) f.fail(new WriterUnavailableError('a new core took over'));
  }

  #watch(): void {
    const now = this.now();
    if (this.#inFlight.size === 0 || now - this.#lastBeat <= BEAT_LOST_MS) return;
    for (const f of this.#inFlight) {
      if (now - f.since > BEAT_LOST_MS) f.fail(new WriterUnavailableError('the core stopped beating'));
    }
  }
}

/**
 * Sessions as an edge knows them: resolved from the database (committed rows, like the core's own
 * resolve), revoked when the core says so on the bus, so a logout or password change through any
 * edge ends the user's sockets on every edge.
 */
export class EdgeAuthenticator implements Authenticator {
  readonly #listeners = new Set<RevokeListener>();
  #revocations = 0;
  readonly #stop: () => void;

  constructor(
    private readonly store: Pick<Authenticator, 'resolve'>,
    bus: Bus,
  ) {
    this.#stop = bus.subscribe(REVOKE_SUBJECT, (payload) => {
      const hashes = JSON.parse(payload) as string[];
      this.#revocations++;
      for (const l of this.#listeners) l(hashes);
    });
  }

  resolve(token: string) {
    return this.store.resolve(token);
  }

  onRevoke(listener: RevokeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  revocations(): number {
    return this.#revocations;
  }

  close(): void {
    this.#stop();
  }
}

/**
 * Feeds an edge's hub from the bus: subscribes to a channel's subject (per user for a private one)
 * when the edge's first socket subscribes to it and leaves it with the last, and asks the core for
 * each subscription's first message. The core serialised each frame once, so every edge sends its
 * sockets the same bytes: the same sequence numbers and checksums.
 */
export function relayToHub(hub: ChannelHub, bus: Bus, link: CoreLink): () => void {
  const subs = new Map<string, () => void>();
  hub.onInterest({
    first(ch, userId) {
      const key = `${userId ?? ''}|${ch}`;
      if (subs.has(key)) return;
      subs.set(
        key,
        userId === null
          ? bus.subscribe(publicSubject(ch), (text) => hub.deliver(ch, text))
          : bus.subscribe(userSubject(userId, ch), (text) => hub.deliverToUser(userId, ch, text)),
      );
    },
    last(ch, userId) {
      const key = `${userId ?? ''}|${ch}`;
      subs.get(key)?.();
      subs.delete(key);
    },
  });
  hub.snapshotVia(async (ch, client) => {
    const answer = await link.snapshot({ ch, userId: client.userId, expiresAt: client.expiresAt });
    if (!answer.ok) throw new Error(answer.msg);
    return answer.data;
  });
  // Whatever the core published while the bus was away is lost: every socket starts again (the app's
  // socket reconnects, signs in, subscribes and reads its snapshots), rather than go on with a gap.
  const stopStatus = bus.onStatus((status) => {
    if (status === 'reconnected') hub.closeAll(1012, 'resync');
  });
  return () => {
    stopStatus();
    hub.onInterest(null);
    for (const stop of subs.values()) stop();
    subs.clear();
  };
}
