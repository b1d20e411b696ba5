// The ledger's unit tests share this: a test database with every migration (SQLite, in memory) and
// the writer's Ledger on it with a fixed clock, and typed reads of the ledger's three tables that run
// where any statement runs (inside a command: the batch as it stands, flushed or not; outside: what
// was committed).
import { sql, statementsByKey, statementsOf, type CommandOptions } from '../../../server/db';
import type { BalanceBook } from '../../../server/ledger/balance-book';
import { Ledger, type BalanceAuthority, type Holder, type TxMeta } from '../../../server/ledger';
import { openTestDatabase, type Db } from '../../support/db';

/** Both places a writer's balances can come from; most ledger tests run under each. */
export const AUTHORITIES: readonly BalanceAuthority[] = ['database', 'memory'];

export const spot = (userId: number, coin = 'USDT'): Holder => ({ userId, account: 'spot', coin });

export const meta = (kind: TxMeta['kind'] = 'transfer', refId = '1', memo?: string): TxMeta => ({
  kind,
  refType: 'test',
  refId,
  actor: 'test',
  ...(memo === undefined ? {} : { memo }),
});

/** One journal line as stored; amounts in minor units. */
export interface Line {
  txId: number;
  userId: number;
  account: string;
  coin: string;
  field: string;
  delta: bigint;
  after: bigint;
  at: number;
}

const READS = {
  journal: sql<[], Line>(
    'select tx_id, user_id, account, coin, field, delta, balance_after, created_at from journal order by id',
    (r) => ({
      txId: Number(r.tx_id),
      userId: Number(r.user_id),
      account: r.account as string,
      coin: r.coin as string,
      field: r.field as string,
      delta: BigInt(r.delta as bigint),
      after: BigInt(r.balance_after as bigint),
      at: Number(r.created_at),
    }),
  ),
  txs: sql<[], Record<string, unknown>>(
    'select id, kind, ref_type, ref_id, actor, memo, created_at from ledger_tx order by id',
    (r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }),
  ),
  balanceRows: sql<[], Holder & { available: bigint; frozen: bigint }>(
    'select user_id, account, coin, available, frozen from balances order by user_id, account, coin',
    (r) => ({
      userId: Number(r.user_id),
      account: r.account as Holder['account'],
      coin: r.coin as string,
      available: BigInt(r.available as bigint),
      frozen: BigInt(r.frozen as bigint),
    }),
  ),
};

const COUNT = (table: 'journal' | 'ledger_tx' | 'balances') =>
  sql<[], number>(`select count(*) as n from ${table}`, (r) => Number(r.n));

/** A test database with a Ledger of `authority` on it. */
export interface LedgerHarness {
  db: Db;
  ledger: Ledger;
  /** Runs `fn` as a writer command. */
  run<T>(fn: () => Promise<T> | T, options?: CommandOptions): Promise<T>;
  /** Journal lines in id order. */
  journal(): Promise<Line[]>;
  /** ledger_tx rows in id order, as stored. */
  txs(): Promise<Record<string, unknown>[]>;
  /** balances rows in key order. */
  balanceRows(): Promise<Array<Holder & { available: bigint; frozen: bigint }>>;
  count(table: 'journal' | 'ledger_tx' | 'balances'): Promise<number>;
  close(): Promise<void>;
}

export async function openLedger(
  authority: BalanceAuthority,
  now: () => number = () => 42,
): Promise<LedgerHarness> {
  const db = await openTestDatabase();
  const ledger = await Ledger.open(db.engine, authority, now);
  const q = statementsOf(db.engine, READS, { bigints: true });
  const count = statementsByKey(db.engine, COUNT);
  return {
    db,
    ledger,
    run: (fn, options) => db.engine.writer.run(fn, options),
    journal: () => q.journal.all(),
    txs: () => q.txs.all(),
    balanceRows: () => q.balanceRows.all(),
    count: async (table) => (await count(table).get())!,
    close: () => db.close(),
  };
}

/** The ledger's book, for the tests that reach past its first line of defence. */
export const bookOf = (ledger: Ledger) => (ledger as unknown as { book: BalanceBook }).book;

/**
 * A way to call from inside a command as if from outside any: `fn` runs in a continuation that was
 * set up before the command started, so it carries no command context (a read there sees what was
 * committed, as a request handler's read would while the batch is open).
 */
export function outsideCaller<T>(fn: () => Promise<T>): { call(): Promise<T> } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const result = gate.then(fn);
  return {
    call() {
      release();
      return result;
    },
  };
}
