import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../../domain';
import {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  LEDGER_DDL,
  Ledger,
  WORLD_USER_ID,
  ledgerViolations,
  type Holder,
} from '../../../server/ledger';

const meta = (kind: string, refId = '1') => ({ kind, refType: 'test', refId, actor: 'test' });
const spot = (userId: number, coin = 'USDT'): Holder => ({ userId, account: 'spot', coin });

let sqlite: SQLite.Database;
let ledger: Ledger;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  for (const stmt of LEDGER_DDL) sqlite.exec(stmt);
  ledger = new Ledger(sqlite, () => 1_700_000_000_000);
});

// Every ledger test ends with the invariants: balance = sum of journal, nothing negative, totals conserved.
afterEach(() => {
  expect(ledgerViolations(sqlite)).toEqual([]);
  sqlite.close();
});

describe('units', () => {
  it('parses decimal strings exactly and refuses what it cannot hold', () => {
    expect(toUnits('1')).toBe(100_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('123.45')).toBe(12_345_000_000n);
    expect(() => toUnits('0.000000001')).toThrow(RangeError);
    expect(() => toUnits('-1')).toThrow(RangeError);
    expect(() => toUnits('1e3')).toThrow(RangeError);
  });
  it('formats floored, never rounded up', () => {
    expect(fromUnits(199_999_999n, 2)).toBe('1.99');
    expect(fromUnits(1n, 8)).toBe('0.00000001');
    expect(fromUnits(-150_000_001n, 2)).toBe('-1.51');
    expect(fromUnits(-1n, 2)).toBe('-0.01');
    expect(fromUnits(0n, 2)).toBe('0.00');
  });
});

describe('Ledger', () => {
  it('credits from the world and journals both sides', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(7), toUnits('100'));
    expect(ledger.balance(spot(7))).toEqual({ available: toUnits('100'), frozen: 0n });
    expect(ledger.balance(spot(WORLD_USER_ID)).available).toBe(-toUnits('100'));
    const rows = sqlite.prepare('select count(*) as n from journal').get() as { n: number };
    expect(rows.n).toBe(2);
  });

  it('freezes and unfreezes without changing the total', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(7), toUnits('10'));
    ledger.freeze(meta('order.freeze'), spot(7), toUnits('4'));
    expect(ledger.balance(spot(7))).toEqual({ available: toUnits('6'), frozen: toUnits('4') });
    ledger.unfreeze(meta('order.cancel'), spot(7), toUnits('4'));
    expect(ledger.balance(spot(7))).toEqual({ available: toUnits('10'), frozen: 0n });
  });

  it('refuses to overdraw and keeps nothing of the failed transaction', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(7), toUnits('5'));
    const before = sqlite.prepare('select count(*) as n from journal').get();
    expect(() => ledger.freeze(meta('order.freeze'), spot(7), toUnits('5.00000001'))).toThrow(
      InsufficientBalanceError,
    );
    expect(() => ledger.transfer(meta('t'), spot(8), spot(7), 1n)).toThrow(InsufficientBalanceError);
    expect(sqlite.prepare('select count(*) as n from journal').get()).toEqual(before);
    expect(ledger.balance(spot(7))).toEqual({ available: toUnits('5'), frozen: 0n });
  });

  it('rolls back the business row with a failed posting in the same transaction', () => {
    sqlite.exec('create table orders (id integer primary key, note text)');
    const place = sqlite.transaction(() => {
      sqlite.prepare("insert into orders (note) values ('x')").run();
      ledger.freeze(meta('order.freeze'), spot(9), 1n);
    });
    expect(() => place()).toThrow(InsufficientBalanceError);
    expect(sqlite.prepare('select count(*) as n from orders').get()).toEqual({ n: 0 });
  });

  it('rejects unbalanced transactions and non-bigint deltas', () => {
    expect(() =>
      ledger.post(meta('bad'), [{ ...spot(WORLD_USER_ID), field: 'available', delta: 5n }]),
    ).toThrow(/unbalanced/);
    expect(() =>
      ledger.post(meta('bad'), [{ ...spot(1), field: 'available', delta: 5 as unknown as bigint }]),
    ).toThrow(TypeError);
  });

  it('settles a trade with a fee to the house, conserving each coin', () => {
    const btc = (u: number) => spot(u, 'BTC');
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(1), toUnits('1000'));
    ledger.transfer(meta('deposit'), btc(WORLD_USER_ID), btc(2), toUnits('1'));
    ledger.freeze(meta('order.freeze'), spot(1), toUnits('500'));
    ledger.freeze(meta('order.freeze'), btc(2), toUnits('0.01'));
    const fee = toUnits('0.5');
    ledger.post(meta('trade'), [
      { ...spot(1), field: 'frozen', delta: -toUnits('500') },
      { ...spot(2), field: 'available', delta: toUnits('500') - fee },
      { ...spot(HOUSE_USER_ID), field: 'available', delta: fee },
      { ...btc(2), field: 'frozen', delta: -toUnits('0.01') },
      { ...btc(1), field: 'available', delta: toUnits('0.01') },
    ]);
    expect(ledger.balance(spot(2)).available).toBe(toUnits('499.5'));
    expect(ledger.balance(spot(HOUSE_USER_ID)).available).toBe(fee);
    expect(ledger.balance(btc(1)).available).toBe(toUnits('0.01'));
  });

  it('lists a user balances', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(3), toUnits('2'));
    ledger.transfer(meta('move'), spot(3), { userId: 3, account: 'lever', coin: 'USDT' }, toUnits('1'));
    expect(ledger.balancesOf(3)).toEqual([
      { account: 'lever', coin: 'USDT', available: toUnits('1'), frozen: 0n },
      { account: 'spot', coin: 'USDT', available: toUnits('1'), frozen: 0n },
    ]);
  });

  it('keeps the journal append-only', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(3), toUnits('2'));
    expect(() => sqlite.exec('update journal set delta = 0')).toThrow(/append-only/);
    expect(() => sqlite.exec('delete from journal')).toThrow(/append-only/);
  });
});

describe('Ledger.withDeferredWrites', () => {
  it('keeps balances exact inside the scope and writes them once at its end', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(4), toUnits('10'));
    sqlite.transaction(() =>
      ledger.withDeferredWrites(() => {
        ledger.freeze(meta('f1'), spot(4), toUnits('3'));
        ledger.freeze(meta('f2'), spot(4), toUnits('3'));
        expect(ledger.balance(spot(4))).toEqual({ available: toUnits('4'), frozen: toUnits('6') });
        // Not written yet: the row still holds the value from before the scope.
        const row = sqlite
          .prepare('select available from balances where user_id = 4')
          .safeIntegers(true)
          .get();
        expect(row).toEqual({ available: toUnits('10') });
        expect(() => ledger.freeze(meta('f3'), spot(4), toUnits('5'))).toThrow(InsufficientBalanceError);
        ledger.transfer(meta('t'), spot(4), spot(5), toUnits('4'));
      }),
    )();
    expect(ledger.balance(spot(4))).toEqual({ available: 0n, frozen: toUnits('6') });
    expect(ledger.balance(spot(5))).toEqual({ available: toUnits('4'), frozen: 0n });
  });

  it('writes its transactions and journal lines at the end, each holder in posting order', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(4), toUnits('10'));
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(3), toUnits('10'));
    const count = (table: string) =>
      (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const ids: number[] = [];
    sqlite.transaction(() =>
      ledger.withDeferredWrites(() => {
        ids.push(ledger.freeze(meta('f1'), spot(4), toUnits('1')));
        ids.push(ledger.transfer(meta('t1'), spot(3), spot(4), toUnits('2')));
        // A refused post takes no id and leaves no line.
        expect(() => ledger.freeze(meta('f2'), spot(4), toUnits('100'))).toThrow(InsufficientBalanceError);
        ids.push(ledger.freeze(meta('f3'), spot(4), toUnits('3')));
        ids.push(ledger.transfer(meta('t2'), spot(4), spot(3), toUnits('1')));
        expect(count('ledger_tx')).toBe(2);
        expect(count('journal')).toBe(4);
      }),
    )();
    expect(ids).toEqual([3, 4, 5, 6]);
    const txs = sqlite.prepare('select id, kind from ledger_tx where id > 2 order by id').all();
    expect(txs).toEqual([
      { id: 3, kind: 'f1' },
      { id: 4, kind: 't1' },
      { id: 5, kind: 'f3' },
      { id: 6, kind: 't2' },
    ]);
    // User 4's lines in id order are its postings in order, each with its running balance.
    const lines = sqlite
      .prepare(
        `select tx_id as tx, field, delta, balance_after as after from journal
         where user_id = 4 and tx_id > 2 order by id`,
      )
      .safeIntegers(false)
      .all();
    expect(lines).toEqual([
      { tx: 3, field: 'available', delta: -1e8, after: 9e8 },
      { tx: 3, field: 'frozen', delta: 1e8, after: 1e8 },
      { tx: 4, field: 'available', delta: 2e8, after: 11e8 },
      { tx: 5, field: 'available', delta: -3e8, after: 8e8 },
      { tx: 5, field: 'frozen', delta: 3e8, after: 4e8 },
      { tx: 6, field: 'available', delta: -1e8, after: 7e8 },
    ]);
    expect(ledger.balance(spot(3))).toEqual({ available: toUnits('9'), frozen: 0n });
  });

  it('drops its cached balances when the scope throws, with the transaction rolled back', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(4), toUnits('10'));
    expect(() =>
      sqlite.transaction(() =>
        ledger.withDeferredWrites(() => {
          ledger.freeze(meta('f1'), spot(4), toUnits('3'));
          throw new Error('boom');
        }),
      )(),
    ).toThrow('boom');
    expect(ledger.balance(spot(4))).toEqual({ available: toUnits('10'), frozen: 0n });
    expect(sqlite.prepare('select count(*) as n from journal').get()).toEqual({ n: 2 });
    // The next scope allocates transaction ids from what was committed.
    const id = sqlite.transaction(() =>
      ledger.withDeferredWrites(() => ledger.freeze(meta('f2'), spot(4), toUnits('1'))),
    )();
    expect(id).toBe(2);
  });
});

describe('ledgerViolations', () => {
  it('detects a balance edited outside the ledger', () => {
    ledger.transfer(meta('deposit'), spot(WORLD_USER_ID), spot(3), toUnits('2'));
    sqlite.exec('update balances set available = available + 1 where user_id = 3');
    const found = ledgerViolations(sqlite);
    expect(found.some((v) => v.includes('3/spot/USDT: available'))).toBe(true);
    expect(found.some((v) => v.includes('not conserved'))).toBe(true);
    sqlite.exec('update balances set available = available - 1 where user_id = 3');
  });
});
