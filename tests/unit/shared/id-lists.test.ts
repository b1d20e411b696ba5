// Batches of ids bound as lists of `?` (server/shared/id-lists), and the reads built on them: the
// account names and inviters of many users, the team's "active" reads of trades and deposits, and
// (readInLists) the ledger's balance read and the spot store's client-id read.
import type { Database as SqliteDb } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositActivity } from '../../../server/assets';
import { accounts } from '../../../server/mine';
import {
  ID_LIST_SIZES,
  idLists,
  keyLists,
  placeholders,
  readInLists,
  type IdListSize,
} from '../../../server/shared/id-lists';
import { tradeLog } from '../../../server/trade';
import { insertUser, openTestDatabase, type Db } from '../../support/db';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('idLists', () => {
  it('gives no list for no ids', () => {
    expect(idLists([])).toEqual([]);
  });

  it('drops repeated ids and fills the last list up to its size with its last id', () => {
    expect(idLists([7])).toEqual([{ size: 1, ids: [7] }]);
    expect(idLists([3, 1, 3, 2])).toEqual([{ size: 4, ids: [3, 1, 2, 2] }]);
    expect(idLists(range(1, 5))).toEqual([{ size: 16, ids: [...range(1, 5), ...Array<number>(11).fill(5)] }]);
  });

  it('cuts a long batch into full lists of 256 and one shorter list', () => {
    const lists = idLists(range(1, 600));
    expect(lists.map((l) => l.size)).toEqual([256, 256, 256]);
    expect(lists[0]!.ids).toEqual(range(1, 256));
    expect(lists[1]!.ids).toEqual(range(257, 256));
    expect(lists[2]!.ids).toEqual([...range(513, 88), ...Array<number>(168).fill(600)]);
    expect(idLists(range(1, 300)).map((l) => l.size)).toEqual([256, 64]);
    expect(idLists(range(1, 256)).map((l) => l.size)).toEqual([256]);
  });

  it('every list has one of the sizes and holds only ids of the batch', () => {
    for (const n of [1, 2, 4, 5, 16, 17, 64, 65, 255, 257, 513]) {
      const ids = range(100, n);
      const lists = idLists(ids);
      expect(lists.every((l) => (ID_LIST_SIZES as readonly number[]).includes(l.size))).toBe(true);
      expect(lists.every((l) => l.ids.length === l.size)).toBe(true);
      expect(new Set(lists.flatMap((l) => l.ids))).toEqual(new Set(ids));
    }
  });

  it('keeps the keys it is given, repeats too, and cuts keys of any kind the same way', () => {
    expect(keyLists([2, 2, 1])).toEqual([{ size: 4, ids: [2, 2, 1, 1] }]);
    expect(keyLists([['a', 1]])).toEqual([{ size: 1, ids: [['a', 1]] }]);
    expect(keyLists(range(1, 300)).map((l) => l.size)).toEqual([256, 64]);
  });

  it('writes the placeholders of a list', () => {
    expect(placeholders(3)).toBe('?, ?, ?');
    expect(placeholders(2, '(?)')).toBe('(?), (?)');
  });
});

describe('readInLists', () => {
  /** Reads `count` keys of `per` values each; returns the sizes of its statements and its rows. */
  async function readOf(count: number, per: number, longest?: IdListSize) {
    const values = Array.from({ length: count * per }, (_, i) => i);
    const sizes: number[] = [];
    const rows = await readInLists(
      values,
      per,
      (size, slice) => {
        expect(slice).toHaveLength(size * per);
        sizes.push(size);
        return Promise.resolve(slice.filter((_, i) => i % per === 0));
      },
      longest,
    );
    return { sizes, rows };
  }

  it('reads every key once, in order, in the longest statements that fit, nothing filled up', async () => {
    const { sizes, rows } = await readOf(300, 1);
    expect(sizes).toEqual([256, 16, 16, 4, 4, 4]);
    expect(rows).toEqual(range(0, 300));
  });

  it('keeps to the longest statement it is given', async () => {
    expect((await readOf(150, 1, 64)).sizes).toEqual([64, 64, 16, 4, 1, 1]);
  });

  it('keeps keys of several values each whole (user id and client id pairs)', async () => {
    const { sizes, rows } = await readOf(21, 2);
    expect(sizes).toEqual([16, 4, 1]);
    expect(rows).toEqual(Array.from({ length: 21 }, (_, i) => i * 2));
  });

  it('runs no statement for no keys', async () => {
    expect(await readOf(0, 2)).toEqual({ sizes: [], rows: [] });
  });
});

describe('reads over many ids', () => {
  let db: Db;
  let sqlite: SqliteDb;
  const users = range(1, 300);

  beforeAll(async () => {
    db = await openTestDatabase();
    sqlite = db.sqlite;
    sqlite.transaction(() => {
      for (const id of users) insertUser(sqlite, id);
      // Users 2..300 were invited by the user before them.
      const refer = sqlite.prepare('update users set referrer_id = ? where id = ?');
      for (const id of users.slice(1)) refer.run(id - 1, id);
    })();
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('names every known user of a batch longer than one list, and no unknown one', async () => {
    const names = await accounts(db.engine).accountsOf([...users, 9_999, 10_000]);
    expect(names.size).toBe(300);
    expect(names.get(1)).toBe('10000000001');
    expect(names.get(300)).toBe('1000000000300');
    expect(names.has(9_999)).toBe(false);
    expect(await accounts(db.engine).accountsOf([])).toEqual(new Map());
    expect(await accounts(db.engine).accountsOf([5n, 5n, 6n])).toEqual(
      new Map([
        [5, '10000000005'],
        [6, '10000000006'],
      ]),
    );
  });

  it('gives the inviters of the users that have one', async () => {
    const refs = await accounts(db.engine).referrersOf(users);
    expect(refs.size).toBe(299);
    expect(refs.has(1)).toBe(false);
    expect(refs.get(2)).toBe(1);
    expect(refs.get(300)).toBe(299);
  });

  it("tells which users' latest trade as maker or taker is at or after an instant", async () => {
    const insert = sqlite.prepare(
      `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
         taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
       values (?, 'BTC/USDT', 1, 1, 1, 'buy', 1, 2, ?, ?, 0, 0, ?)`,
    );
    insert.run(1, 10, 20, 1_000); // old for both
    insert.run(2, 30, 290, 5_000); // recent: 30 as maker, 290 as taker
    insert.run(3, 20, 40, 4_000); // 20's latest as maker is recent
    const active = await tradeLog(db.engine).tradedSince([...users, 10, 10], 4_000);
    expect([...active].sort((a, b) => a - b)).toEqual([20, 30, 40, 290]);
    expect(await tradeLog(db.engine).tradedSince([10, 30], 6_000)).toEqual(new Set());
  });

  it('tells which users had a crypto deposit credited or a bank deposit confirmed since an instant', async () => {
    sqlite
      .prepare(
        `insert into crypto_deposits (user_id, coin, chain, address, txid, vout, amount, confirmations,
           status, created_at, credited_at)
         values (?, 'USDT', 'TRC20', 'T', ?, 0, 1, 1, 'credited', 0, ?)`,
      )
      .run(7, 'tx-7', 2_000);
    sqlite
      .prepare(
        `insert into crypto_deposits (user_id, coin, chain, address, txid, vout, amount, confirmations,
           status, created_at, credited_at)
         values (?, 'USDT', 'TRC20', 'T', ?, 0, 1, 1, 'credited', 0, ?)`,
      )
      .run(8, 'tx-8', 500);
    sqlite
      .prepare(
        `insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, 'image/png', 1, 'x', 0)`,
      )
      .run('a'.repeat(32), 260);
    sqlite
      .prepare(
        `insert into bank_deposits (user_id, amount, currency, coin, credit, rate, payer_name, reference,
           proof_id, card_bank, card_number, status, decided_by, created_at, decided_at)
         values (?, 100, 'CNY', 'USDT', 1, '1', 'p', 'r', ?, 'b', '1', 'confirmed', 'op', 0, ?)`,
      )
      .run(260, 'a'.repeat(32), 3_000);
    const active = await depositActivity(db.engine).depositedSince(users, 1_000);
    expect([...active].sort((a, b) => a - b)).toEqual([7, 260]);
  });
});
