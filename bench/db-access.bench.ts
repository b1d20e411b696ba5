/**
 * What a store pays per statement for each way of reaching the database, on the statements of the
 * spot order and settlement hot paths (a balance read and write per holder, an order read and save,
 * a journal row per posting): better-sqlite3 statements prepared once (what the stores did), the
 * typed statement table `server/db/statements.ts` (what they do now), Kysely's query builder built
 * and compiled at each call, and Kysely running pre-written SQL text (no builder, still its async
 * driver, which prepares the text again at every call).
 * Then one settlement as the ledger runs it per trade (4 balance reads, 4 writes, 1 tx row, 4
 * journal rows) through each way, 20,000 trades in one transaction.
 * In memory, so the figures are CPU only; the disk's fsync is the same for every way.
 * Run: `npm run bench -- db-access` (env BENCH_N: repetitions per statement, default 200,000).
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { LEDGER_DDL } from '../server/ledger';
import { SPOT_DDL } from '../server/trade/schema';
import { prepareAll, sql } from '../server/db';

const N = Number(process.env.BENCH_N ?? 200_000);
const TRADES = 20_000;
const USERS = 1_000;

interface BalancesTable {
  user_id: number;
  account: string;
  coin: string;
  available: bigint;
  frozen: bigint;
}
interface JournalTable {
  id?: number;
  tx_id: number;
  user_id: number;
  account: string;
  coin: string;
  field: string;
  delta: bigint;
  balance_after: bigint;
  created_at: number;
}
interface LedgerTxTable {
  id?: number;
  kind: string;
  ref_type: string;
  ref_id: string;
  actor: string;
  memo: string | null;
  created_at: number;
}
interface BenchDb {
  balances: BalancesTable;
  journal: JournalTable;
  ledger_tx: LedgerTxTable;
}

interface Balance {
  available: bigint;
  frozen: bigint;
}
const toBalance = (r: Record<string, unknown>): Balance => ({
  available: BigInt(r.available as bigint),
  frozen: BigInt(r.frozen as bigint),
});

const BALANCE_READ = 'select available, frozen from balances where user_id = ? and account = ? and coin = ?';
const BALANCE_WRITE =
  'update balances set available = ?, frozen = ? where user_id = ? and account = ? and coin = ?';
const TX_INSERT =
  'insert into ledger_tx (kind, ref_type, ref_id, actor, memo, created_at) values (?, ?, ?, ?, ?, ?)';
const JOURNAL_INSERT = `insert into journal (tx_id, user_id, account, coin, field, delta, balance_after, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?)`;

function open() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  for (const ddl of [...LEDGER_DDL, ...SPOT_DDL]) sqlite.exec(ddl);
  const seed = sqlite.prepare(
    'insert into balances (user_id, account, coin, available, frozen) values (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let u = 1; u <= USERS; u++)
      for (const coin of ['BTC', 'USDT']) seed.run(u, 'spot', coin, 10n ** 12n, 0n);
  })();
  const kysely = new Kysely<BenchDb>({ dialect: new SqliteDialect({ database: sqlite }) });
  const typed = prepareAll(
    sqlite,
    {
      balanceRead: sql<[userId: number, account: string, coin: string], Balance>(BALANCE_READ, toBalance),
      balanceWrite:
        sql<[available: bigint, frozen: bigint, userId: number, account: string, coin: string]>(
          BALANCE_WRITE,
        ),
      txInsert:
        sql<[kind: string, refType: string, refId: string, actor: string, memo: null, at: number]>(TX_INSERT),
      journalInsert:
        sql<
          [
            txId: number,
            userId: number,
            account: string,
            coin: string,
            field: string,
            delta: bigint,
            after: bigint,
            at: number,
          ]
        >(JOURNAL_INSERT),
    },
    { bigints: true },
  );
  const raw = {
    balanceRead: sqlite.prepare(BALANCE_READ).safeIntegers(true),
    balanceWrite: sqlite.prepare(BALANCE_WRITE),
    txInsert: sqlite.prepare(TX_INSERT),
    journalInsert: sqlite.prepare(JOURNAL_INSERT),
  };
  return { sqlite, kysely, typed, raw };
}

type Way = 'raw' | 'typed' | 'kysely builder' | 'kysely text';
const WAYS: Way[] = ['raw', 'typed', 'kysely builder', 'kysely text'];

/** One balance read through `way`. */
async function readBalance(db: ReturnType<typeof open>, way: Way, u: number, coin: string): Promise<Balance> {
  switch (way) {
    case 'raw':
      return toBalance(db.raw.balanceRead.get(u, 'spot', coin) as Record<string, unknown>);
    case 'typed':
      return db.typed.balanceRead.get(u, 'spot', coin)!;
    case 'kysely builder':
      return toBalance(
        (await db.kysely
          .selectFrom('balances')
          .select(['available', 'frozen'])
          .where('user_id', '=', u)
          .where('account', '=', 'spot')
          .where('coin', '=', coin)
          .executeTakeFirstOrThrow()) as unknown as Record<string, unknown>,
      );
    case 'kysely text':
      return toBalance(
        (await db.kysely.executeQuery(CompiledQuery.raw(BALANCE_READ, [u, 'spot', coin]))).rows[0] as Record<
          string,
          unknown
        >,
      );
  }
}

/** One balance write through `way`. */
async function writeBalance(db: ReturnType<typeof open>, way: Way, u: number, coin: string, b: Balance) {
  switch (way) {
    case 'raw':
      db.raw.balanceWrite.run(b.available, b.frozen, u, 'spot', coin);
      return;
    case 'typed':
      db.typed.balanceWrite.run(b.available, b.frozen, u, 'spot', coin);
      return;
    case 'kysely builder':
      await db.kysely
        .updateTable('balances')
        .set({ available: b.available, frozen: b.frozen })
        .where('user_id', '=', u)
        .where('account', '=', 'spot')
        .where('coin', '=', coin)
        .execute();
      return;
    case 'kysely text':
      await db.kysely.executeQuery(
        CompiledQuery.raw(BALANCE_WRITE, [b.available, b.frozen, u, 'spot', coin]),
      );
  }
}

async function insertTx(db: ReturnType<typeof open>, way: Way, ref: string): Promise<number> {
  switch (way) {
    case 'raw':
      return Number(db.raw.txInsert.run('spot.trade', 'spot_trade', ref, 'system', null, 1).lastInsertRowid);
    case 'typed':
      return db.typed.txInsert.run('spot.trade', 'spot_trade', ref, 'system', null, 1).lastId;
    case 'kysely builder': {
      const r = await db.kysely
        .insertInto('ledger_tx')
        .values({
          kind: 'spot.trade',
          ref_type: 'spot_trade',
          ref_id: ref,
          actor: 'system',
          memo: null,
          created_at: 1,
        })
        .executeTakeFirstOrThrow();
      return Number(r.insertId);
    }
    case 'kysely text': {
      const r = await db.kysely.executeQuery(
        CompiledQuery.raw(TX_INSERT, ['spot.trade', 'spot_trade', ref, 'system', null, 1]),
      );
      return Number(r.insertId);
    }
  }
}

async function insertJournal(
  db: ReturnType<typeof open>,
  way: Way,
  tx: number,
  u: number,
  coin: string,
  d: bigint,
) {
  const v = [tx, u, 'spot', coin, 'available', d, 10n ** 12n + d, 1] as const;
  switch (way) {
    case 'raw':
      db.raw.journalInsert.run(...v);
      return;
    case 'typed':
      db.typed.journalInsert.run(...v);
      return;
    case 'kysely builder':
      await db.kysely
        .insertInto('journal')
        .values({
          tx_id: tx,
          user_id: u,
          account: 'spot',
          coin,
          field: 'available',
          delta: d,
          balance_after: 10n ** 12n + d,
          created_at: 1,
        })
        .execute();
      return;
    case 'kysely text':
      await db.kysely.executeQuery(CompiledQuery.raw(JOURNAL_INSERT, [...v]));
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

async function timeIt(fn: () => Promise<void>): Promise<number> {
  gc?.();
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Nanoseconds per balance read and per balance write, `N` of each, for one way. */
async function perStatement(way: Way): Promise<{ read: number; write: number }> {
  const db = open();
  const read = await timeIt(async () => {
    for (let i = 0; i < N; i++) await readBalance(db, way, (i % USERS) + 1, i & 1 ? 'BTC' : 'USDT');
  });
  db.sqlite.exec('begin');
  const write = await timeIt(async () => {
    for (let i = 0; i < N; i++)
      await writeBalance(db, way, (i % USERS) + 1, 'USDT', { available: BigInt(i), frozen: 0n });
  });
  db.sqlite.exec('commit');
  await db.kysely.destroy();
  return { read: (read * 1e6) / N, write: (write * 1e6) / N };
}

/** Settlements per second: per trade 4 balance reads and writes, 1 tx row, 4 journal rows. */
async function settlements(way: Way): Promise<number> {
  const db = open();
  db.sqlite.exec('begin');
  const ms = await timeIt(async () => {
    for (let t = 0; t < TRADES; t++) {
      const maker = (t % USERS) + 1;
      const taker = ((t * 7) % USERS) + 1;
      const tx = await insertTx(db, way, String(t));
      for (const [u, coin, d] of [
        [maker, 'BTC', -1n],
        [maker, 'USDT', 100n],
        [taker, 'BTC', 1n],
        [taker, 'USDT', -100n],
      ] as const) {
        const b = await readBalance(db, way, u, coin);
        await writeBalance(db, way, u, coin, { available: b.available + d, frozen: b.frozen });
        await insertJournal(db, way, tx, u, coin, d);
      }
    }
  });
  db.sqlite.exec('commit');
  await db.kysely.destroy();
  return TRADES / (ms / 1000);
}

const rows: string[][] = [];
let base: { read: number; write: number; settle: number } | null = null;
for (const way of WAYS) {
  // A warm-up pass of each, so every way is measured after the JIT has seen it.
  await perStatement(way);
  const s = await perStatement(way);
  const settle = await settlements(way);
  base ??= { ...s, settle };
  rows.push([
    way,
    s.read.toFixed(0),
    (s.read / base.read).toFixed(2),
    s.write.toFixed(0),
    (s.write / base.write).toFixed(2),
    settle.toFixed(0),
    (settle / base.settle).toFixed(2),
  ]);
}
console.log(`${N} statements of each kind, ${TRADES} settlements (in memory, CPU only)`);
const head = ['way', 'read ns', '× raw', 'write ns', '× raw', 'settlements/s', '× raw'];
console.log(head.join('\t'));
for (const r of rows) console.log(r.join('\t'));
