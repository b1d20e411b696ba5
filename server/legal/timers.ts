import type { FastifyBaseLogger } from 'fastify';

/** Longest single wait of setTimeout (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;
/** Wait after a sweep that failed (the writer busy, the database unreachable) before the next try. */
export const RETRY_MS = 1_000;

/** What the timers drive: due work, and when the next is due. */
export interface TimerWork {
  /** Handles everything due now, each item a writer command of its own; resolves to how many. */
  sweep(): Promise<number>;
  /** When the next item is due (ms since the epoch), or null when nothing waits. */
  nextDue(): Promise<number | null>;
}

/**
 * One timer for the whole area, set to the earliest deadline in the database (unpaid orders, ads
 * with auto-cancel). Nothing lives only in memory: after a restart `start` sweeps what fell due
 * while the server was down, then waits for the next deadline. A sweep that fails (a refused
 * command) is logged and tried again RETRY_MS later; it never crashes the process. One sweep runs
 * at a time, and `stop` waits for the one running.
 */
export class LegalTimers {
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;
  /** The sweep running now, if any. */
  #sweeping: Promise<void> | null = null;
  /** Reschedules still reading the next deadline. */
  readonly #reading = new Set<Promise<void>>();

  constructor(
    private readonly work: TimerWork,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sweeps what fell due while the server was down, then arms the timer. */
  start(): Promise<void> {
    this.#stopped = false;
    return this.run();
  }

  /** Disarms the timer and waits for the sweep or reschedule it started. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clear();
    while (this.#sweeping || this.#reading.size) {
      await Promise.all([this.#sweeping, ...this.#reading]);
    }
  }

  /** Sweeps what is due and sets the timer for the next deadline; joins a sweep already running. */
  run(): Promise<void> {
    this.#sweeping ??= this.#sweep().finally(() => (this.#sweeping = null));
    return this.#sweeping;
  }

  async #sweep(): Promise<void> {
    let failed = false;
    try {
      await this.work.sweep();
    } catch (err) {
      failed = true;
      this.log.warn({ err }, 'legal timer sweep failed; retrying');
    }
    await this.#arm(failed ? RETRY_MS : 0);
  }

  /**
   * Re-reads the next deadline (after an order or ad was created or changed). Never rejects: a read
   * that fails sets the timer to try again RETRY_MS later.
   */
  reschedule(): Promise<void> {
    const p = this.#arm(0).finally(() => this.#reading.delete(p));
    this.#reading.add(p);
    return p;
  }

  /** Sets the timer to the next deadline, at least `minWait` ms from now. */
  async #arm(minWait: number): Promise<void> {
    if (this.#stopped) return;
    let due: number | null;
    try {
      due = await this.work.nextDue();
    } catch (err) {
      this.log.warn({ err }, 'legal timer could not read the next deadline; retrying');
      due = this.now() + RETRY_MS;
    }
    if (this.#stopped) return;
    this.#clear();
    if (due === null) return;
    const wait = Math.max(minWait, Math.max(0, due - this.now()) + 5);
    this.#timer = setTimeout(() => void this.run(), Math.min(MAX_WAIT_MS, wait));
    this.#timer.unref();
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
