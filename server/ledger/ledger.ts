import type { Database as SqliteDb } from 'better-sqlite3';
import type { AccountType, LedgerKind } from '../../domain';
import { prepareAll, type PreparedSet } from '../db';
import { BulkInsert } from './bulk-insert';
import { LEDGER_STATEMENTS } from './ledger-statements';

/** Who holds a balance: a user (or a system holder below 1), one of the five accounts, one coin. */
export interface Holder {
  userId: number;
  account: AccountType;
  coin: string;
}

/** One line of a ledger transaction: a signed change, in minor units (1e-8), of one field. */
export interface Posting extends Holder {
  field: 'available' | 'frozen';
  delta: bigint;
}

/** What caused a ledger transaction; kept with it forever. */
export interface TxMeta {
  /**
   * Business kind, such as `spot.freeze`, `deposit.crypto`, `transfer`: one of JOURNAL_KINDS, so a
   * kind the pages cannot name does not compile.
   */
  kind: LedgerKind;
  /** The business row's table and id, such as `orders` / `42`. */
  refType: string;
  refId: string;
  /** `user:<id>`, `operator:<name>`, `system`, `engine` … */
  actor: string;
  memo?: string;
}

/** A balance in minor units (1e-8). */
export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** User id of the house account, which receives fees. */
export const HOUSE_USER_ID = 0;
/** User id standing for the world outside the exchange (chain deposits, bank transfers, demo grants). */
export const WORLD_USER_ID = -1;

/** Raised when a posting would make a user's balance negative; nothing of the transaction is kept. */
export class InsufficientBalanceError extends Error {
  readonly key = 'insufficientBalance';
  constructor(readonly holder: Holder) {
    super(`insufficient balance: user ${holder.userId} ${holder.account} ${holder.coin}`);
  }
}

interface Entry extends Balance {
  /** Whether the row exists in `balances`. */
  exists: boolean;
  dirty: boolean;
}

/** A deferred scope: cached balances, and the transactions and journal lines not yet written. */
interface Scope {
  entries: Map<string, Entry>;
  /** Id of the next ledger transaction; allocated in memory at the first post of the scope. */
  nextTxId: number;
}

/** A holder touched by the transaction being applied, with its balance as the postings leave it. */
interface Touched extends Balance {
  key: string;
  holder: Holder;
  entry: Entry;
}

const keyOf = (h: Holder) => `${h.userId}|${h.account}|${h.coin}`;

/**
 * The only code that moves money. Every change is a transaction of postings that sum to zero per
 * coin, applied to `balances` and appended to `journal` atomically. Synchronous on purpose: callers
 * put the business row and its postings in one `sqlite.transaction(...)`, and better-sqlite3 turns a
 * nested `post` into a savepoint. A posting that would overdraw is refused before anything is
 * written, so a refused transaction leaves nothing behind.
 *
 * Inside `withDeferredWrites` (the order service's group commit) balance rows are read once, kept in
 * memory and written once per holder at the end of the scope, inside the same database transaction;
 * the scope's `ledger_tx` rows (ids allocated in memory) and journal lines, each with its
 * balance_after, are collected and written with multi-row INSERTs at the same point. Outside a scope
 * every post writes through at once.
 */
export class Ledger {
  private readonly q: PreparedSet<typeof LEDGER_STATEMENTS>;
  private readonly postTx: (meta: TxMeta, postings: readonly Posting[]) => number;
  private readonly txRows: BulkInsert;
  private readonly journalRows: BulkInsert;
  private scope: Scope | null = null;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.q = prepareAll(sqlite, LEDGER_STATEMENTS, { bigints: true });
    this.txRows = new BulkInsert(sqlite, 'ledger_tx', [
      'id',
      'kind',
      'ref_type',
      'ref_id',
      'actor',
      'memo',
      'created_at',
    ]);
    this.journalRows = new BulkInsert(sqlite, 'journal', [
      'tx_id',
      'user_id',
      'account',
      'coin',
      'field',
      'delta',
      'balance_after',
      'created_at',
    ]);
    this.postTx = sqlite.transaction((meta: TxMeta, postings: readonly Posting[]) =>
      this.apply(meta, postings),
    );
  }

  /**
   * Runs `fn` with balance writes coalesced until it returns (see the class comment). Must run inside
   * a database transaction; if `fn` throws, the cached balances are dropped and the caller's
   * transaction must roll back.
   */
  withDeferredWrites<T>(fn: () => T): T {
    if (this.scope) return fn();
    this.scope = { entries: new Map(), nextTxId: 0 };
    try {
      const result = fn();
      this.writeScope();
      return result;
    } finally {
      this.scope = null;
      this.txRows.clear();
      this.journalRows.clear();
    }
  }

  /** Applies a balanced set of postings as one ledger transaction; returns its id. */
  post(meta: TxMeta, postings: readonly Posting[]): number {
    assertBalanced(postings);
    // Inside a deferred scope the caller's transaction already holds everything, and `apply` refuses an
    // overdraft before writing, so the savepoint (two more statements per post) is not needed there.
    return this.scope ? this.apply(meta, postings) : this.postTx(meta, postings);
  }

  /** Moves `amount` from available to frozen. */
  freeze(meta: TxMeta, holder: Holder, amount: bigint): number {
    return this.post(meta, [
      { ...holder, field: 'available', delta: -amount },
      { ...holder, field: 'frozen', delta: amount },
    ]);
  }

  /** Moves `amount` from frozen back to available. */
  unfreeze(meta: TxMeta, holder: Holder, amount: bigint): number {
    return this.post(meta, [
      { ...holder, field: 'frozen', delta: -amount },
      { ...holder, field: 'available', delta: amount },
    ]);
  }

  /** Moves `amount` of available balance from one holder to another (same coin). */
  transfer(meta: TxMeta, from: Holder, to: Holder, amount: bigint): number {
    if (from.coin !== to.coin) throw new Error('transfer between different coins');
    return this.post(meta, [
      { ...from, field: 'available', delta: -amount },
      { ...to, field: 'available', delta: amount },
    ]);
  }

  /** The balance of one holder (zero when it has never moved). */
  balance(holder: Holder): Balance {
    const e = this.read(holder);
    return { available: e.available, frozen: e.frozen };
  }

  /** Every balance row of a user, by account and coin (as committed; not for use inside a scope). */
  balancesOf(userId: number): Array<Balance & { account: AccountType; coin: string }> {
    return this.q.balancesOf.all(userId);
  }

  private read(holder: Holder, key = keyOf(holder)): Entry {
    const cached = this.scope?.entries.get(key);
    if (cached) return cached;
    const row = this.q.balance.get(holder.userId, holder.account, holder.coin);
    const entry: Entry = row
      ? { available: row.available, frozen: row.frozen, exists: true, dirty: false }
      : { available: 0n, frozen: 0n, exists: false, dirty: false };
    this.scope?.entries.set(key, entry);
    return entry;
  }

  private apply(meta: TxMeta, postings: readonly Posting[]): number {
    // First pass on copies: refuse an overdraft before anything is written. Most transactions touch a
    // handful of holders, found by a linear search; a netted one (many holders) uses a map.
    const touched: Touched[] = [];
    const byKey = postings.length > 8 ? new Map<string, Touched>() : null;
    const after = new Array<bigint>(postings.length);
    for (let i = 0; i < postings.length; i++) {
      const p = postings[i]!;
      const key = keyOf(p);
      let t = byKey ? byKey.get(key) : touched.find((x) => x.key === key);
      if (!t) {
        const entry = this.read(p, key);
        t = { key, holder: p, entry, available: entry.available, frozen: entry.frozen };
        touched.push(t);
        byKey?.set(key, t);
      }
      const value = (t[p.field] += p.delta);
      if (p.userId >= 1 && value < 0n) {
        throw new InsufficientBalanceError({ userId: p.userId, account: p.account, coin: p.coin });
      }
      after[i] = value;
    }
    const at = this.now();
    const scope = this.scope;
    if (scope) {
      if (scope.nextTxId === 0) scope.nextTxId = this.q.maxTxId.get()! + 1;
      const txId = scope.nextTxId++;
      this.txRows.add(txId, meta.kind, meta.refType, meta.refId, meta.actor, meta.memo ?? null, at);
      for (let i = 0; i < postings.length; i++) {
        const p = postings[i]!;
        if (p.delta !== 0n)
          this.journalRows.add(txId, p.userId, p.account, p.coin, p.field, p.delta, after[i]!, at);
      }
      // The cached entries are the scope's own: update them in place, written at the scope's end.
      for (const t of touched) {
        t.entry.available = t.available;
        t.entry.frozen = t.frozen;
        t.entry.dirty = true;
      }
      return txId;
    }
    const txId = this.q.insertTx.get(meta.kind, meta.refType, meta.refId, meta.actor, meta.memo ?? null, at)!;
    postings.forEach((p, i) => {
      if (p.delta !== 0n)
        this.q.insertEntry.run(txId, p.userId, p.account, p.coin, p.field, p.delta, after[i]!, at);
    });
    for (const t of touched) {
      this.write(t.holder, { available: t.available, frozen: t.frozen, exists: t.entry.exists, dirty: true });
    }
    return txId;
  }

  private writeScope(): void {
    // Transactions before their lines (journal.tx_id references ledger_tx), then the balances. Lines
    // keep global posting order, so one transaction's lines have consecutive ids and the journal reads
    // as it happened; grouping them by user would save 10-15 % of the journal writes, not worth that.
    this.txRows.flush();
    this.journalRows.flush();
    for (const [key, e] of this.scope!.entries) {
      if (!e.dirty) continue;
      const [userId, account, coin] = key.split('|') as [string, AccountType, string];
      this.write({ userId: Number(userId), account, coin }, e);
    }
  }

  private write(h: Holder, e: Entry): void {
    try {
      if (e.exists) this.q.updateBalance.run(e.available, e.frozen, h.userId, h.account, h.coin);
      else this.q.insertBalance.run(h.userId, h.account, h.coin, e.available, e.frozen);
    } catch (err) {
      // The CHECK constraint is a second line of defence behind the first pass above.
      if (isCheckViolation(err)) throw new InsufficientBalanceError(h);
      throw err;
    }
    e.exists = true;
    e.dirty = false;
  }
}

function assertBalanced(postings: readonly Posting[]): void {
  for (const p of postings) {
    if (typeof p.delta !== 'bigint') throw new TypeError('posting delta must be a bigint');
  }
  // Few postings and usually one or two coins: sum each coin once, at its first posting.
  for (let i = 0; i < postings.length; i++) {
    const p = postings[i]!;
    if (postings.findIndex((q) => q.coin === p.coin) !== i) continue;
    let sum = 0n;
    for (let j = i; j < postings.length; j++) if (postings[j]!.coin === p.coin) sum += postings[j]!.delta;
    if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${p.coin} sums to ${sum}`);
  }
}

function isCheckViolation(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_CONSTRAINT_CHECK'
  );
}
