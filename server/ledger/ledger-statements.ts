import type { AccountType, LedgerKind } from '../../domain';
import { sql } from '../db';

// The Ledger's statements over balances, ledger_tx and journal (ledger.ts keeps the logic around
// them). Prepared with `bigints`, so every integer SQLite returns is a bigint; the mappers take
// PostgreSQL's too (its driver gives bigint columns as strings).

/** A balance row as read, in minor units (1e-8). */
export interface BalanceRow {
  available: bigint;
  frozen: bigint;
}

/** One of a user's balance rows. */
export interface UserBalanceRow extends BalanceRow {
  account: AccountType;
  coin: string;
}

/** A balance row with its holder. */
export interface HolderBalanceRow extends UserBalanceRow {
  userId: number;
}

function toHolderBalance(r: Record<string, unknown>): HolderBalanceRow {
  return {
    userId: Number(r.user_id),
    account: r.account as AccountType,
    coin: r.coin as string,
    available: BigInt(r.available as bigint),
    frozen: BigInt(r.frozen as bigint),
  };
}

/** Every balance row of `users` users, given as that many user ids. */
export function usersBalances(users: number) {
  return sql<number[], HolderBalanceRow>(
    `select user_id, account, coin, available, frozen from balances where user_id in (${Array(users).fill('?').join(', ')})`,
    toHolderBalance,
  );
}

type Field = 'available' | 'frozen';

const toBalance = (r: Record<string, unknown>): BalanceRow => ({
  available: BigInt(r.available as bigint),
  frozen: BigInt(r.frozen as bigint),
});

/** The Ledger's statements, named by what they do; amounts in minor units, times in ms. */
export const LEDGER_STATEMENTS = {
  // The id is the next after the largest, as SQLite's rowid picks it, but named in the statement:
  // group commit writes the ids it allocates itself (`maxTxId` + 1 …) into the same table, and an
  // engine's own id sequence (PostgreSQL's) would not know of those.
  insertTx: sql<
    [kind: LedgerKind, refType: string, refId: string, actor: string, memo: string | null, createdAt: number],
    number
  >(
    `insert into ledger_tx (id, kind, ref_type, ref_id, actor, memo, created_at)
     values ((select coalesce(max(id), 0) + 1 from ledger_tx), ?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  updateBalance: sql<[available: bigint, frozen: bigint, userId: number, account: AccountType, coin: string]>(
    'update balances set available = ?, frozen = ? where user_id = ? and account = ? and coin = ?',
  ),
  insertBalance: sql<[userId: number, account: AccountType, coin: string, available: bigint, frozen: bigint]>(
    'insert into balances (user_id, account, coin, available, frozen) values (?, ?, ?, ?, ?)',
  ),
  insertEntry: sql<
    [
      txId: number,
      userId: number,
      account: AccountType,
      coin: string,
      field: Field,
      delta: bigint,
      balanceAfter: bigint,
      createdAt: number,
    ]
  >(`insert into journal (tx_id, user_id, account, coin, field, delta, balance_after, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`),
  balance: sql<[userId: number, account: AccountType, coin: string], BalanceRow>(
    'select available, frozen from balances where user_id = ? and account = ? and coin = ?',
    toBalance,
  ),
  balancesOf: sql<[userId: number], UserBalanceRow>(
    'select account, coin, available, frozen from balances where user_id = ? order by account, coin',
    (r) => ({ account: r.account as AccountType, coin: r.coin as string, ...toBalance(r) }),
  ),
  /** Every balance row: what the writer's book starts from when it is the authority. */
  allBalances: sql<[], HolderBalanceRow>(
    'select user_id, account, coin, available, frozen from balances',
    toHolderBalance,
  ),
  maxTxId: sql<[], number>('select coalesce(max(id), 0) as m from ledger_tx', (r) => Number(r.m)),
};
