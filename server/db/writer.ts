import { AsyncLocalStorage } from 'node:async_hooks';
import { BatchQueue } from './batch-queue';
import type { CommitMark } from './commit-mark';
import type { Conn } from './conn';

/**
 * Refusal because the database cannot take or answer a request now: a command refused (connection
 * lost, a commit that failed, a command that did not finish in time; nothing of it was kept), or a
 * read whose database is away. The caller may try again; the HTTP layer answers it with 503 and the
 * localized "service busy, try again" envelope.
 */
export class WriterUnavailableError extends Error {
  override name = 'WriterUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * State that lives beside the database during a batch (the ledger's balances and buffered journal,
 * a store's buffered rows): it follows each command's savepoint and the batch's end.
 */
export interface BatchParticipant {
  /** A position to return to if the command (or nested step) that starts now fails. */
  mark(): unknown;
  /** Undoes everything since `mark` (the command failed and its savepoint was rolled back). */
  rollbackTo(mark: unknown): void;
  /** Writes what the batch buffered, on the writer's connection, before COMMIT. */
  flush?(conn: Conn): Promise<void>;
  /** The batch committed. */
  committed?(): void;
  /** The batch was rolled back as a whole: drop or restore whatever memory holds of it. */
  aborted?(): void;
}

/** How one command runs. */
export interface CommandOptions {
  /**
   * Default true: the command runs in a savepoint, so a refusal thrown after a write undoes only that
   * command. False is for a command that decides every refusal before its first write (the spot
   * order batch): it saves the savepoint's cost, and anything it throws aborts the whole batch.
   */
  savepoint?: boolean;
}

/** The command whose statements are running: its connection, and whether it may still run any. */
export interface CommandContext {
  readonly writer: Writer;
  readonly conn: Conn;
  open: boolean;
  /** Callbacks to run after the batch commits, in order (events, pushes). */
  afterCommit: Array<() => void>;
}

const current = new AsyncLocalStorage<CommandContext>();

/**
 * Stores whose value a command takes from the call that queued it (`carryIntoCommands`). Named ones
 * only: `AsyncLocalStorage.snapshot()` would carry every store but costs about 20 µs a command on
 * Node 20 (measured), a tenth of a spot order's whole budget.
 */
const carried: Array<AsyncLocalStorage<unknown>> = [];

/**
 * Makes every writer command see `store`'s value as it was where the command was queued, not the
 * value of whichever command started the batch (the operator request behind an audit row).
 */
export function carryIntoCommands(store: AsyncLocalStorage<unknown>): void {
  if (!carried.includes(store)) carried.push(store);
}

/** Runs `fn` with each carried store set to the value captured when the command was queued. */
function scopeOfCaller(): <R>(fn: () => R) => R {
  if (carried.length === 0) return (fn) => fn();
  const values = carried.map((store) => store.getStore());
  return (fn) => {
    let run = fn;
    carried.forEach((store, i) => {
      const inner = run;
      run = () => store.run(values[i], inner);
    });
    return run();
  };
}

/** The writer command the caller runs in, if any (statement sets route their calls by it). */
export function currentCommand(): CommandContext | undefined {
  return current.getStore();
}

interface Queued {
  fn: () => unknown;
  /**
   * Runs a function with the carried stores (`carryIntoCommands`) as the `run` call that queued the
   * command saw them, so the operator request behind an audit row is what its command sees, not the
   * request of whichever command started the batch.
   */
  scope: <R>(fn: () => R) => R;
  options: CommandOptions;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** Where a savepoint returns to: its name, each participant's mark, the after-commit callbacks kept. */
interface Marks {
  name: string;
  parts: Map<BatchParticipant, unknown>;
  afterCommit: number;
}

interface Outcome {
  ok: boolean;
  value: unknown;
}

/** Settings of a writer. */
export interface WriterOptions {
  /** Most commands in one group commit. */
  maxBatch?: number;
  /** A command that has not settled after this long (ms) is refused and its work undone. */
  commandTimeoutMs?: number;
  /** `begin` text: SQLite takes the write lock at once (`begin immediate`). */
  begin?: string;
  /** Told of each batch that failed as a whole (logging). */
  onBatchError?: (err: Error) => void;
}

/**
 * The one ordered writer of a database. Every command that changes state runs here, one after
 * another, never two at once, so no two commands' reads and writes interleave: the order is the
 * isolation, and a check a command makes stays true until its writes. Commands queue up while a batch
 * runs and are committed together (group commit: one fsync for many commands); each is acknowledged
 * (its promise settles) only after the COMMIT that holds it. Reads do not come here.
 *
 * A command is an async function whose statements (through the statement sets of `server/db`) run on
 * the writer's connection inside the batch's transaction. It must not wait for anything but the
 * database: slow work (password hashing, image decoding, network calls) happens before it is queued.
 */
export class Writer {
  private readonly queue: BatchQueue<Queued>;
  private closed = false;
  private readonly participants = new Set<BatchParticipant>();
  private readonly timeoutMs: number;
  private savepoints = 0;
  /**
   * The savepoint of the last command that succeeded, not released yet: the next savepoint's
   * statement releases it too, one round trip for two on PostgreSQL (the batch's COMMIT releases
   * what is left).
   */
  private unreleased: string | null = null;
  /** Names each batch in its COMMIT, so that a COMMIT whose answer was lost can be settled. */
  private commitMark: CommitMark | null = null;
  /**
   * The batch whose COMMIT was sent but whose outcome is not known yet (the database went away with
   * the answer), and its after-commit hooks: settled before the next batch runs; until then every
   * batch is refused and memory stays as that batch left it.
   */
  private doubt: { batch: string; hooks: Array<() => void> } | null = null;
  /** Batches committed so far, and the commands they held (for tests and benches). */
  readonly stats = { batches: 0, commands: 0, failedBatches: 0 };

  constructor(
    readonly conn: Conn,
    private readonly options: WriterOptions = {},
  ) {
    this.timeoutMs = options.commandTimeoutMs ?? 10_000;
    this.queue = new BatchQueue(options.maxBatch ?? 2_000, (batch) => this.batch(batch));
  }

  /** From now on names every batch in its COMMIT (the database has `writer_commits`). */
  markCommits(mark: CommitMark): void {
    this.commitMark = mark;
  }

  /**
   * Adds state that follows savepoints and batches; returns its removal. Participants flush in the
   * order they joined, so rows that reference another participant's rows (rebates naming ledger
   * transactions) join after it: the ledger joins when the server opens it, before any area registers.
   */
  participate(p: BatchParticipant): () => void {
    this.participants.add(p);
    return () => this.participants.delete(p);
  }

  /**
   * Runs `fn` as a command; settles after the batch holding it committed (or with its error, its
   * writes undone). Called inside a command of this writer, runs `fn` at once as a nested step in a
   * savepoint of its own, as a nested transaction would.
   */
  run<T>(fn: () => Promise<T> | T, options: CommandOptions = {}): Promise<T> {
    const ctx = current.getStore();
    if (ctx?.writer === this) return this.nested(ctx, fn);
    if (this.closed) return Promise.reject(new WriterUnavailableError('the writer is closed'));
    return new Promise<T>((resolve, reject) => {
      const scope = scopeOfCaller();
      // Every command queued in this turn of the event loop shares one commit (BatchQueue).
      this.queue.push({ fn, scope, options, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Registers `fn` to run after the current command's batch commits (only if the command succeeds). */
  afterCommit(fn: () => void): void {
    const ctx = current.getStore();
    if (ctx?.writer !== this || !ctx.open) throw new Error('afterCommit outside a command of this writer');
    ctx.afterCommit.push(fn);
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Commits what is queued, then refuses new commands. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private async batch(batch: Queued[]): Promise<void> {
    if (this.doubt) {
      const { batch: name, hooks } = this.doubt;
      const outcome = await this.settle(name);
      if (outcome === 'unknown') {
        const refusal = new WriterUnavailableError('the database is away: an earlier commit is not settled');
        for (const cmd of batch) cmd.reject(refusal);
        return;
      }
      this.doubt = null;
      this.ended(outcome, hooks);
    }
    const outcomes: Outcome[] = [];
    const hooks: Array<() => void> = [];
    let sent: string | null = null;
    try {
      this.unreleased = null;
      await this.conn.exec(this.options.begin ?? 'begin');
      for (const cmd of batch) {
        const ctx: CommandContext = { writer: this, conn: this.conn, open: true, afterCommit: [] };
        const outcome = await this.command(ctx, cmd);
        outcomes.push(outcome);
        if (outcome.ok) hooks.push(...ctx.afterCommit);
      }
      for (const p of this.participants) await p.flush?.(this.conn);
      sent = this.commitMark?.next() ?? null;
      await this.conn.exec(sent ? `${this.commitMark!.write(sent)}; commit` : 'commit');
    } catch (err) {
      await this.conn.exec('rollback').catch(() => {});
      const cause = err instanceof Error ? err : new Error(String(err));
      // The COMMIT was sent and failed: it may have been applied all the same (its answer lost with
      // the connection). The mark says which; until the database can say, nothing else runs.
      const outcome = sent ? await this.settle(sent) : 'aborted';
      if (outcome === 'committed') return this.acknowledge(batch, outcomes, hooks);
      this.options.onBatchError?.(cause);
      const refusal =
        cause instanceof WriterUnavailableError
          ? cause
          : new WriterUnavailableError(`batch failed: ${cause.message}`, { cause });
      if (outcome === 'unknown') this.doubt = { batch: sent!, hooks };
      else this.ended('aborted', []);
      for (const cmd of batch) cmd.reject(refusal);
      return;
    }
    this.acknowledge(batch, outcomes, hooks);
  }

  /** A committed batch: memory follows, each command settles with its outcome, then the hooks run. */
  private acknowledge(batch: Queued[], outcomes: Outcome[], hooks: Array<() => void>): void {
    this.ended('committed', []);
    this.stats.commands += batch.length;
    batch.forEach((cmd, i) => {
      const o = outcomes[i]!;
      if (o.ok) cmd.resolve(o.value);
      else cmd.reject(o.value as Error);
    });
    for (const hook of hooks) hook();
  }

  /** Tells the participants how a batch ended; `hooks` run if it committed. */
  private ended(outcome: 'committed' | 'aborted', hooks: Array<() => void>): void {
    if (outcome === 'committed') {
      for (const p of this.participants) p.committed?.();
      this.stats.batches++;
      for (const hook of hooks) hook();
    } else {
      for (const p of this.participants) p.aborted?.();
      this.stats.failedBatches++;
    }
  }

  /**
   * Whether batch `name`, whose COMMIT was sent, was applied: read from the commit mark in a
   * transaction of its own (which connects again after a loss); `unknown` while the database is away.
   */
  private async settle(name: string): Promise<'committed' | 'aborted' | 'unknown'> {
    try {
      await this.conn.exec('begin');
      try {
        return (await this.commitMark!.committed(this.conn, name)) ? 'committed' : 'aborted';
      } finally {
        await this.conn.exec('rollback').catch(() => {});
      }
    } catch {
      return 'unknown';
    }
  }

  /**
   * One command in its savepoint. A command's own error is its outcome (its writes undone); a failure
   * of the savepoint machinery, or any error of a command without a savepoint, throws and fails the
   * batch.
   */
  private async command(ctx: CommandContext, cmd: Queued): Promise<Outcome> {
    const savepoint = cmd.options.savepoint !== false;
    const marks = savepoint ? await this.mark(ctx) : null;
    try {
      const value = await this.withTimeout(ctx, () => cmd.scope(() => current.run(ctx, cmd.fn)));
      if (marks) this.unreleased = marks.name;
      return { ok: true, value };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (!marks) throw error;
      await this.undo(marks);
      return { ok: false, value: error };
    } finally {
      ctx.open = false;
    }
  }

  private async nested<T>(ctx: CommandContext, fn: () => Promise<T> | T): Promise<T> {
    const marks = await this.mark(ctx);
    try {
      const value = await fn();
      await this.conn.exec(`release ${marks.name}`);
      return value;
    } catch (err) {
      await this.undo(marks);
      ctx.afterCommit.length = marks.afterCommit;
      throw err;
    }
  }

  private async mark(ctx: CommandContext): Promise<Marks> {
    const name = `c${++this.savepoints}`;
    const release = this.unreleased ? `release ${this.unreleased}; ` : '';
    this.unreleased = null;
    await this.conn.exec(`${release}savepoint ${name}`);
    const parts = new Map<BatchParticipant, unknown>();
    for (const p of this.participants) parts.set(p, p.mark());
    return { name, parts, afterCommit: ctx.afterCommit.length };
  }

  private async undo(marks: Marks): Promise<void> {
    await this.conn.exec(`rollback to ${marks.name}; release ${marks.name}`);
    for (const [p, m] of marks.parts) p.rollbackTo(m);
  }

  private withTimeout<T>(ctx: CommandContext, fn: () => Promise<T> | T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ctx.open = false;
        reject(new WriterUnavailableError(`a command did not finish within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    return Promise.race([Promise.resolve().then(fn), timeout]).finally(() => clearTimeout(timer));
  }
}
