import { BulkRows, currentCommand, statementsByKey, statementsOf, type Conn, type Engine } from '../db';
import { readInLists } from '../shared/id-lists';
import { BalanceBook, holderKey, holderOf, type BookEntry } from './balance-book';
import {
  InsufficientBalanceError,
  type Balance,
  type Holder,
  type Posting,
  type TxMeta,
} from './ledger-types';
import { LEDGER_STATEMENTS, usersBalances } from './ledger-statements';

/**
 * Where the writer's balances come from.
 * - `memory`: every balance row is read once at start and the book is the authority from then on
 *   (the one writer keeps it coherent); the database holds what was committed, written in batches.
 * - `database`: the database is the authority; the book caches the holders a batch reads and is
 *   dropped when the batch ends.
 */
export type BalanceAuthority = 'memory' | 'database';

interface Mark {
  book: number;
  txRows: number;
  journalRows: number;
  nextTxId: number;
}

/**
 * The only code that moves money, on the one writer of either engine. Every change is a transaction
 * of postings that sum to zero per coin. A posting that would overdraw a user is refused before
 * anything changes, so a refused transaction leaves nothing behind; the balances' CHECK constraint
 * stays the database's second line of defence.
 *
 * Posts run inside writer commands. They change the book at once (so the next command of the batch
 * sees them) and queue the `ledger_tx` rows (ids allocated here), the journal lines (each with its
 * balance_after) and the balances; the writer's flush writes them with multi-row statements before
 * the batch's COMMIT. A command's savepoint rollback or a failed batch takes the book back with it.
 */
export class Ledger {
  private readonly book = new BalanceBook();
  private readonly q;
  private readonly usersBalances;
  private readonly txRows = new BulkRows('ledger_tx', [
    'id',
    'kind',
    'ref_type',
    'ref_id',
    'actor',
    'memo',
    'created_at',
  ]);
  private readonly journalRows = new BulkRows('journal', [
    'tx_id',
    'user_id',
    'account',
    'coin',
    'field',
    'delta',
    'balance_after',
    'created_at',
  ]);
  private readonly balanceRows = new BulkRows(
    'balances',
    ['user_id', 'account', 'coin', 'available', 'frozen'],
    'on conflict (user_id, account, coin) do update set available = excluded.available, frozen = excluded.frozen',
  );
  /** Id of the next ledger transaction; 0 until read from the database. */
  private nextTxId = 0;
  /** `nextTxId` when the running batch began, to return to if it fails. */
  private batchStartTxId: number | null = null;

  private constructor(
    private readonly engine: Engine,
    readonly authority: BalanceAuthority,
    private readonly now: () => number,
  ) {
    this.q = statementsOf(engine, LEDGER_STATEMENTS, { bigints: true });
    this.usersBalances = statementsByKey(engine, usersBalances, { bigints: true });
    engine.writer.participate({
      mark: () => this.mark(),
      rollbackTo: (m) => this.rollbackTo(m as Mark),
      flush: (conn) => this.flush(conn),
      committed: () => this.committed(),
      aborted: () => this.aborted(),
    });
  }

  /** Opens the ledger of `engine`; with `memory` authority, reads every balance first. */
  static async open(
    engine: Engine,
    authority: BalanceAuthority,
    now: () => number = Date.now,
  ): Promise<Ledger> {
    const ledger = new Ledger(engine, authority, now);
    ledger.nextTxId = (await ledger.q.maxTxId.get())! + 1;
    if (authority === 'memory') {
      for (const r of await ledger.q.allBalances.all()) ledger.book.loaded(holderKey(r), r);
    }
    return ledger;
  }

  /** Applies a balanced set of postings as one ledger transaction; returns its id. In a command only. */
  async post(meta: TxMeta, postings: readonly Posting[]): Promise<number> {
    this.inCommand('post');
    await this.load(postings);
    return this.postLoaded(meta, postings);
  }

  /** Moves `amount` from available to frozen. */
  freeze(meta: TxMeta, holder: Holder, amount: bigint): Promise<number> {
    return this.post(meta, [
      { ...holder, field: 'available', delta: -amount },
      { ...holder, field: 'frozen', delta: amount },
    ]);
  }

  /** Moves `amount` from frozen back to available. */
  unfreeze(meta: TxMeta, holder: Holder, amount: bigint): Promise<number> {
    return this.post(meta, [
      { ...holder, field: 'frozen', delta: -amount },
      { ...holder, field: 'available', delta: amount },
    ]);
  }

  /** Moves `amount` of available balance from one holder to another (same coin). */
  transfer(meta: TxMeta, from: Holder, to: Holder, amount: bigint): Promise<number> {
    if (from.coin !== to.coin) return Promise.reject(new Error('transfer between different coins'));
    return this.post(meta, [
      { ...from, field: 'available', delta: -amount },
      { ...to, field: 'available', delta: amount },
    ]);
  }

  /**
   * A holder's balance: inside a command, as the batch has left it so far; outside, as committed
   * (the read connection). Zero when it has never moved.
   */
  async balance(holder: Holder): Promise<Balance> {
    const ctx = currentCommand();
    if (ctx?.writer === this.engine.writer) {
      await this.load([holder]);
      return this.balanceLoaded(holder);
    }
    return (
      (await this.q.balance.get(holder.userId, holder.account, holder.coin)) ?? { available: 0n, frozen: 0n }
    );
  }

  /** Every committed balance row of a user, by account and coin. */
  balancesOf(userId: number) {
    return this.q.balancesOf.all(userId);
  }

  /**
   * Reads the holders the book does not hold yet (one statement per up to 256 users), so that
   * `postLoaded` and `balanceLoaded` can run without waiting: a batch that must not wait between its
   * steps (the spot engine's) loads what it will touch first. Nothing to read with `memory` authority.
   */
  async load(holders: Iterable<Holder>): Promise<void> {
    if (this.authority === 'memory') return;
    const users = new Set<number>();
    for (const h of holders) if (!this.book.get(holderKey(h))) users.add(h.userId);
    if (users.size === 0) return;
    const found = new Map<string, Balance>();
    const rows = await readInLists([...users], 1, (size, ids) => this.usersBalances(size).all(...ids));
    for (const r of rows) found.set(holderKey(r), r);
    // A holder read while another load was waiting keeps the book's entry (it may have changed since).
    for (const h of holders) {
      const key = holderKey(h);
      if (!this.book.get(key)) this.book.loaded(key, found.get(key));
    }
  }

  /** Like `balance` inside a command, for a loaded holder, without waiting. */
  balanceLoaded(holder: Holder): Balance {
    const e = this.entry(holderKey(holder));
    return { available: e.available, frozen: e.frozen };
  }

  /** Like `post`, for postings whose holders are loaded, without waiting. */
  postLoaded(meta: TxMeta, postings: readonly Posting[]): number {
    this.inCommand('postLoaded');
    assertBalanced(postings);
    // First pass on copies: refuse an overdraft before anything changes.
    const after = new Map<string, { available: bigint; frozen: bigint }>();
    const lineAfter = new Array<bigint>(postings.length);
    postings.forEach((p, i) => {
      const key = holderKey(p);
      let next = after.get(key);
      if (!next) {
        const e = this.entry(key);
        after.set(key, (next = { available: e.available, frozen: e.frozen }));
      }
      const value = (next[p.field] += p.delta);
      if (p.userId >= 1 && value < 0n) {
        throw new InsufficientBalanceError({ userId: p.userId, account: p.account, coin: p.coin });
      }
      lineAfter[i] = value;
    });
    this.batchStartTxId ??= this.nextTxId;
    const txId = this.nextTxId++;
    const at = this.now();
    this.txRows.add(txId, meta.kind, meta.refType, meta.refId, meta.actor, meta.memo ?? null, at);
    postings.forEach((p, i) => {
      if (p.delta !== 0n)
        this.journalRows.add(txId, p.userId, p.account, p.coin, p.field, p.delta, lineAfter[i], at);
    });
    for (const [key, b] of after) this.book.change(key, b.available, b.frozen);
    return txId;
  }

  private entry(key: string): BookEntry {
    const e = this.book.get(key);
    if (e) return e;
    // With memory authority the book holds every row: a holder it lacks has never moved.
    if (this.authority === 'memory') return this.book.loaded(key, undefined);
    throw new Error(`ledger: holder ${key} was not loaded`);
  }

  private inCommand(what: string): void {
    const ctx = currentCommand();
    if (ctx?.writer !== this.engine.writer || !ctx.open)
      throw new Error(`ledger.${what} outside a writer command`);
  }

  private mark(): Mark {
    return {
      book: this.book.mark(),
      txRows: this.txRows.size,
      journalRows: this.journalRows.size,
      nextTxId: this.nextTxId,
    };
  }

  private rollbackTo(m: Mark): void {
    this.book.rollbackTo(m.book);
    this.txRows.truncate(m.txRows);
    this.journalRows.truncate(m.journalRows);
    this.nextTxId = m.nextTxId;
  }

  private async flush(conn: Conn): Promise<void> {
    // Transactions before their lines (journal.tx_id references ledger_tx), then the balances.
    await this.txRows.flush(conn);
    await this.journalRows.flush(conn);
    for (const [key, e] of this.book.dirty()) {
      const h = holderOf(key);
      this.balanceRows.add(h.userId, h.account, h.coin, e.available, e.frozen);
    }
    await this.balanceRows.flush(conn);
  }

  private committed(): void {
    this.batchStartTxId = null;
    if (this.authority === 'memory') this.book.committed();
    else this.book.clear();
  }

  private aborted(): void {
    this.txRows.clear();
    this.journalRows.clear();
    this.balanceRows.clear();
    if (this.batchStartTxId !== null) this.nextTxId = this.batchStartTxId;
    this.batchStartTxId = null;
    if (this.authority === 'memory') this.book.rollbackTo(0);
    else this.book.clear();
  }
}

function assertBalanced(postings: readonly Posting[]): void {
  const sums = new Map<string, bigint>();
  for (const p of postings) {
    if (typeof p.delta !== 'bigint') throw new TypeError('posting delta must be a bigint');
    sums.set(p.coin, (sums.get(p.coin) ?? 0n) + p.delta);
  }
  for (const [coin, sum] of sums) {
    if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${coin} sums to ${sum}`);
  }
}
