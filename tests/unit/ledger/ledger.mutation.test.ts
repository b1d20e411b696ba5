// The ledger's edges (server/ledger): each invariant the checker reports, named exactly; journal
// lines with their balance_after; system holders that may go negative and users that may not, in
// either field and inside a deferred scope; multi-coin balance checks; bulk inserts of every width.
// Written for mutation testing (docs/mutation.md).
import SQLite from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  LEDGER_DDL,
  Ledger,
  PostingNet,
  WORLD_USER_ID,
  ledgerViolations,
  type Holder,
  type TxMeta,
} from '../../../server/ledger';
import { BulkInsert } from '../../../server/ledger/bulk-insert';

const meta = (refId = '1'): TxMeta => ({ kind: 'transfer', refType: 'test', refId, actor: 'test' });
const spot = (userId: number, coin = 'USDT'): Holder => ({ userId, account: 'spot', coin });

let sqlite: SQLite.Database;
let ledger: Ledger;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  for (const stmt of LEDGER_DDL) sqlite.exec(stmt);
  ledger = new Ledger(sqlite, () => 42);
});

const journal = () =>
  sqlite
    .prepare(
      'select tx_id, user_id, account, coin, field, delta, balance_after, created_at from journal order by id',
    )
    .all();

describe('ledger postings', () => {
  it('journals each non-zero line with the balance it leaves, at the clock’s time', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 500n);
    ledger.post(meta('2'), [
      { ...spot(1), field: 'available', delta: -200n },
      { ...spot(1), field: 'frozen', delta: 200n },
      { ...spot(2), field: 'frozen', delta: 0n },
    ]);
    expect(journal()).toEqual([
      {
        tx_id: 1,
        user_id: -1,
        account: 'spot',
        coin: 'USDT',
        field: 'available',
        delta: -500,
        balance_after: -500,
        created_at: 42,
      },
      {
        tx_id: 1,
        user_id: 1,
        account: 'spot',
        coin: 'USDT',
        field: 'available',
        delta: 500,
        balance_after: 500,
        created_at: 42,
      },
      {
        tx_id: 2,
        user_id: 1,
        account: 'spot',
        coin: 'USDT',
        field: 'available',
        delta: -200,
        balance_after: 300,
        created_at: 42,
      },
      {
        tx_id: 2,
        user_id: 1,
        account: 'spot',
        coin: 'USDT',
        field: 'frozen',
        delta: 200,
        balance_after: 200,
        created_at: 42,
      },
    ]);
    expect(
      sqlite
        .prepare('select kind, ref_type, ref_id, actor, memo, created_at from ledger_tx where id = 2')
        .get(),
    ).toEqual({
      kind: 'transfer',
      ref_type: 'test',
      ref_id: '2',
      actor: 'test',
      memo: null,
      created_at: 42,
    });
    expect(ledger.balancesOf(1)).toEqual([{ account: 'spot', coin: 'USDT', available: 300n, frozen: 200n }]);
    expect(ledgerViolations(sqlite)).toEqual([]);
  });

  it('lets the house and the world go negative, never a user, in either field', () => {
    ledger.transfer(meta(), spot(HOUSE_USER_ID), spot(WORLD_USER_ID), 5n);
    expect(ledger.balance(spot(HOUSE_USER_ID)).available).toBe(-5n);
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 5n);
    expect(() => ledger.transfer(meta(), spot(1), spot(2), 6n)).toThrow(InsufficientBalanceError);
    expect(() => ledger.unfreeze(meta(), spot(1), 1n)).toThrow(InsufficientBalanceError);
    expect(ledger.freeze(meta(), spot(1), 5n)).toBeGreaterThan(0);
    expect(ledger.balance(spot(1))).toEqual({ available: 0n, frozen: 5n });
    try {
      ledger.freeze(meta(), spot(1), 1n);
      expect.unreachable();
    } catch (err) {
      expect((err as InsufficientBalanceError).holder).toEqual(spot(1));
      expect((err as InsufficientBalanceError).key).toBe('insufficientBalance');
    }
  });

  it('a transaction that dips below zero and comes back within its lines is refused', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 5n);
    expect(() =>
      ledger.post(meta(), [
        { ...spot(1), field: 'available', delta: -6n },
        { ...spot(1), field: 'available', delta: 6n },
      ]),
    ).toThrow(InsufficientBalanceError);
  });

  it('refuses a posting whose delta is not a bigint, and names the short holder in a refusal', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 5n);
    expect(() =>
      ledger.post(meta(), [
        { ...spot(1), field: 'available', delta: -1 as unknown as bigint },
        { ...spot(2), field: 'available', delta: 1n },
      ]),
    ).toThrow(new TypeError('posting delta must be a bigint'));
    expect(() => ledger.transfer(meta(), spot(1), spot(2), 6n)).toThrow(
      'insufficient balance: user 1 spot USDT',
    );
    expect(ledger.balance(spot(1))).toEqual({ available: 5n, frozen: 0n });
  });

  it("turns the database's own refusal of a negative balance into a refusal naming the holder", () => {
    // The second line of defence: the first pass refuses first, so the write is reached directly.
    const write = (ledger as unknown as { write(h: Holder, e: object): void }).write.bind(ledger);
    const entry = { available: -1n, frozen: 0n, exists: false, dirty: true };
    expect(() => write(spot(7), entry)).toThrow(new InsufficientBalanceError(spot(7)));
    expect(ledger.balance(spot(7))).toEqual({ available: 0n, frozen: 0n });
    // A system holder may go negative: the same write is kept.
    write(spot(HOUSE_USER_ID), { ...entry });
    expect(ledger.balance(spot(HOUSE_USER_ID))).toEqual({ available: -1n, frozen: 0n });
    // Any other database error is passed on as it is (here: a holder without a coin).
    const noCoin = { userId: 7, account: 'spot' as const, coin: null as unknown as string };
    expect(() => write(noCoin, { ...entry, available: 1n })).toThrow(/NOT NULL constraint failed/);
  });

  it('checks the balance of every coin of a transaction separately', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID, 'BTC'), spot(1, 'BTC'), 5n);
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 5n);
    // BTC sums to 0 but USDT to +1: refused.
    expect(() =>
      ledger.post(meta(), [
        { ...spot(1, 'BTC'), field: 'available', delta: -5n },
        { ...spot(2, 'BTC'), field: 'available', delta: 5n },
        { ...spot(1), field: 'available', delta: -4n },
        { ...spot(2), field: 'available', delta: 5n },
      ]),
    ).toThrow('unbalanced ledger transaction: USDT sums to 1');
    expect(() => ledger.transfer(meta(), spot(1, 'BTC'), spot(2), 1n)).toThrow(/different coins/);
    expect(ledger.balance(spot(2))).toEqual({ available: 0n, frozen: 0n });
  });

  it('inside a deferred scope: exact balances, refusals and netted transactions of many holders', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(1), 100n);
    const ids = sqlite.transaction(() =>
      ledger.withDeferredWrites(() => {
        const net = new PostingNet();
        for (let u = 2; u <= 12; u++) net.add(spot(u), 'available', 1n);
        net.add(spot(1), 'available', -11n);
        const a = ledger.post(meta(), net.postings());
        expect(ledger.balance(spot(1)).available).toBe(89n);
        expect(() => ledger.transfer(meta(), spot(2), spot(3), 2n)).toThrow(InsufficientBalanceError);
        const b = ledger.transfer(meta(), spot(2), spot(3), 1n);
        // A nested scope is the same scope.
        const c = ledger.withDeferredWrites(() => ledger.freeze(meta(), spot(3), 2n));
        return [a, b, c];
      }),
    )();
    expect(ids).toEqual([2, 3, 4]);
    expect(ledger.balance(spot(3))).toEqual({ available: 0n, frozen: 2n });
    expect(ledger.balance(spot(2))).toEqual({ available: 0n, frozen: 0n });
    expect(ledger.balance(spot(12))).toEqual({ available: 1n, frozen: 0n });
    expect(ledgerViolations(sqlite)).toEqual([]);
    // After the scope, posts write through again.
    expect(ledger.transfer(meta(), spot(12), spot(1), 1n)).toBe(5);
    expect(ledger.balance(spot(1)).available).toBe(90n);
  });
});

describe('ledgerViolations', () => {
  it('names each broken invariant', () => {
    ledger.transfer(meta(), spot(WORLD_USER_ID), spot(3), 10n);
    expect(ledgerViolations(sqlite)).toEqual([]);
    sqlite.exec('update balances set frozen = frozen + 2 where user_id = 3');
    expect(ledgerViolations(sqlite)).toEqual([
      '3/spot/USDT: frozen 2 != journal 0',
      'coin USDT: total 2 is not conserved',
    ]);
    // The table's CHECK refuses a negative user balance; the checker is the second line behind it.
    sqlite.pragma('ignore_check_constraints = 1');
    sqlite.exec('update balances set frozen = 0, available = -1 where user_id = 3');
    expect(ledgerViolations(sqlite)).toEqual([
      '3/spot/USDT: available -1 != journal 10',
      '3/spot/USDT: negative balance',
      '3/spot/USDT: last balance_after 10 != -1',
      'coin USDT: total -11 is not conserved',
    ]);
    sqlite.exec('update balances set available = 10 where user_id = 3');
    sqlite.exec(`insert into journal (tx_id, user_id, account, coin, field, delta, balance_after, created_at)
      values (1, 4, 'spot', 'USDT', 'available', 7, 7, 0)`);
    sqlite.exec(
      `insert into balances (user_id, account, coin, available, frozen) values (-2, 'spot', 'USDT', 0, -3)`,
    );
    expect(ledgerViolations(sqlite)).toEqual([
      '-2/spot/USDT: frozen -3 != journal 0',
      'tx 1 USDT: sums to 7',
      'coin USDT: total -3 is not conserved',
    ]);
  });
});

describe('BulkInsert', () => {
  it('writes any number of rows in order with statements of 64, 16, 4 and 1 rows', () => {
    sqlite.exec('create table t (a integer, b text)');
    const bulk = new BulkInsert(sqlite, 't', ['a', 'b']);
    for (const n of [0, 1, 3, 4, 5, 16, 21, 64, 85, 150]) {
      sqlite.exec('delete from t');
      for (let i = 0; i < n; i++) bulk.add(i, `r${i}`);
      expect(bulk.size).toBe(n);
      bulk.flush();
      expect(bulk.size).toBe(0);
      const rows = sqlite.prepare('select a, b from t order by rowid').all() as Array<{
        a: number;
        b: string;
      }>;
      expect(rows).toEqual(Array.from({ length: n }, (_, i) => ({ a: i, b: `r${i}` })));
    }
    expect(() => bulk.add(1)).toThrow('t: expected 2 values');
  });
});
