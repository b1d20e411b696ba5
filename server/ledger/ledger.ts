import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { AccountType } from '../../domain';

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
  /** Business kind, such as `order.freeze`, `trade`, `fee`, `deposit`, `transfer`. */
  kind: string;
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

/**
 * The only code that moves money. Every change is a transaction of postings that sum to zero per
 * coin, applied to `balances` and appended to `journal` atomically. Synchronous on purpose: callers
 * put the business row and its postings in one `sqlite.transaction(...)`, and better-sqlite3 turns a
 * nested `post` into a savepoint, so a failed posting leaves nothing behind.
 */
export class Ledger {
  private readonly insertTx: Statement;
  private readonly update: Statement;
  private readonly insert: Statement;
  private readonly insertEntry: Statement;
  private readonly selectBalance: Statement;
  private readonly selectUser: Statement;
  private readonly postTx: (meta: TxMeta, postings: readonly Posting[]) => number;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.insertTx = sqlite.prepare(
      'insert into ledger_tx (kind, ref_type, ref_id, actor, memo, created_at) values (?, ?, ?, ?, ?, ?)',
    );
    // Update first, insert only for a new holder: an upsert would check the CHECK constraint on the
    // candidate row (the bare delta) before resolving the conflict.
    this.update = sqlite
      .prepare(
        `update balances set available = available + ?, frozen = frozen + ?
         where user_id = ? and account = ? and coin = ? returning available, frozen`,
      )
      .safeIntegers(true);
    this.insert = sqlite
      .prepare(
        `insert into balances (user_id, account, coin, available, frozen) values (?, ?, ?, ?, ?)
         returning available, frozen`,
      )
      .safeIntegers(true);
    this.insertEntry = sqlite.prepare(
      `insert into journal (tx_id, user_id, account, coin, field, delta, balance_after, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectBalance = sqlite
      .prepare('select available, frozen from balances where user_id = ? and account = ? and coin = ?')
      .safeIntegers(true);
    this.selectUser = sqlite
      .prepare(
        'select account, coin, available, frozen from balances where user_id = ? order by account, coin',
      )
      .safeIntegers(true);
    this.postTx = sqlite.transaction((meta: TxMeta, postings: readonly Posting[]) =>
      this.apply(meta, postings),
    );
  }

  /** Applies a balanced set of postings as one ledger transaction; returns its id. */
  post(meta: TxMeta, postings: readonly Posting[]): number {
    assertBalanced(postings);
    return this.postTx(meta, postings);
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
    const row = this.selectBalance.get(holder.userId, holder.account, holder.coin) as Balance | undefined;
    return row ?? { available: 0n, frozen: 0n };
  }

  /** Every balance row of a user, by account and coin. */
  balancesOf(userId: number): Array<Balance & { account: AccountType; coin: string }> {
    return this.selectUser.all(userId) as Array<Balance & { account: AccountType; coin: string }>;
  }

  private apply(meta: TxMeta, postings: readonly Posting[]): number {
    const at = this.now();
    const txId = Number(
      this.insertTx.run(meta.kind, meta.refType, meta.refId, meta.actor, meta.memo ?? null, at)
        .lastInsertRowid,
    );
    for (const p of postings) {
      if (p.delta === 0n) continue;
      const avail = p.field === 'available' ? p.delta : 0n;
      const frozen = p.field === 'frozen' ? p.delta : 0n;
      let after: Balance;
      try {
        after = (this.update.get(avail, frozen, p.userId, p.account, p.coin) ??
          this.insert.get(p.userId, p.account, p.coin, avail, frozen)) as Balance;
      } catch (err) {
        if (isCheckViolation(err)) throw new InsufficientBalanceError(p);
        throw err;
      }
      const balanceAfter = p.field === 'available' ? after.available : after.frozen;
      this.insertEntry.run(txId, p.userId, p.account, p.coin, p.field, p.delta, balanceAfter, at);
    }
    return txId;
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

function isCheckViolation(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_CONSTRAINT_CHECK'
  );
}
