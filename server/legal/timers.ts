import type { FastifyBaseLogger } from 'fastify';

/** Longest single wait of setTimeout (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** What the timers drive: due work, and when the next is due. */
export interface TimerWork {
  /** Handles everything due now; returns how many items. */
  sweep(): number;
  /** When the next item is due (ms since the epoch), or null when nothing waits. */
  nextDue(): number | null;
}

/**
 * One timer for the whole area, set to the earliest deadline in the database (unpaid orders, ads
 * with auto-cancel). Nothing lives only in memory: after a restart `start` sweeps what fell due
 * while the server was down, then waits for the next deadline.
 */
export class LegalTimers {
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;

  constructor(
    private readonly work: TimerWork,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#stopped = false;
    this.run();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Sweeps what is due and sets the timer for the next deadline. */
  run(): void {
    try {
      this.work.sweep();
    } catch (err) {
      this.log.error({ err }, 'legal timer sweep failed');
    }
    this.reschedule();
  }

  /** Re-reads the next deadline (after an order or ad was created or changed). */
  reschedule(): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const due = this.work.nextDue();
    if (due === null) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, due - this.now()) + 5);
    this.#timer = setTimeout(() => this.run(), wait);
    this.#timer.unref();
  }
}
