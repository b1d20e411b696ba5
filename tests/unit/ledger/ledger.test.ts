import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../../domain';
import { sql, statementsOf, WriterUnavailableError } from '../../../server/db';
import {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  WORLD_USER_ID,
  ledgerViolations,
} from '../../../server/ledger';
import { AUTHORITIES, meta, openLedger, spot, type LedgerHarness } from './ledger-harness';

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

const NOTES = {
  add: sql<[note: string]>('insert into notes (note) values (?)'),
  all: sql<[], { note: string }>('select note from notes order by id'),
};

describe.each(AUTHORITIES)('the Ledger with %s authority', (authority) => {
  let h: LedgerHarness;
  const world = spot(WORLD_USER_ID);
  const deposit = (userId: number, amount: string, coin = 'USDT') =>
    h.run(() =>
      h.ledger.transfer(meta('deposit'), spot(WORLD_USER_ID, coin), spot(userId, coin), toUnits(amount)),
    );

  beforeEach(async () => {
    h = await openLedger(authority, () => 1_700_000_000_000);
  });

  // Every ledger test ends with the invariants: balance = sum of journal, nothing negative, totals conserved.
  afterEach(async () => {
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
    await h.close();
  });

  describe('posts', () => {
    it('credits from the world and journals both sides', async () => {
      await deposit(7, '100');
      expect(await h.ledger.balance(spot(7))).toEqual({ available: toUnits('100'), frozen: 0n });
      expect((await h.ledger.balance(world)).available).toBe(-toUnits('100'));
      expect(await h.count('journal')).toBe(2);
    });

    it('freezes and unfreezes without changing the total', async () => {
      await deposit(7, '10');
      await h.run(() => h.ledger.freeze(meta('order.freeze'), spot(7), toUnits('4')));
      expect(await h.ledger.balance(spot(7))).toEqual({ available: toUnits('6'), frozen: toUnits('4') });
      await h.run(() => h.ledger.unfreeze(meta('order.cancel'), spot(7), toUnits('4')));
      expect(await h.ledger.balance(spot(7))).toEqual({ available: toUnits('10'), frozen: 0n });
    });

    it('refuses to overdraw and keeps nothing of the failed transaction', async () => {
      await deposit(7, '5');
      const before = await h.count('journal');
      await expect(
        h.run(() => h.ledger.freeze(meta('order.freeze'), spot(7), toUnits('5.00000001'))),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
      await expect(h.run(() => h.ledger.transfer(meta('t'), spot(8), spot(7), 1n))).rejects.toBeInstanceOf(
        InsufficientBalanceError,
      );
      expect(await h.count('journal')).toBe(before);
      expect(await h.count('ledger_tx')).toBe(1);
      expect(await h.ledger.balance(spot(7))).toEqual({ available: toUnits('5'), frozen: 0n });
      expect(await h.run(() => h.ledger.balance(spot(7)))).toEqual({ available: toUnits('5'), frozen: 0n });
    });

    it('rolls back the business row with a failed posting in the same command, and only that command', async () => {
      h.db.sqlite.exec('create table notes (id integer primary key, note text)');
      const notes = statementsOf(h.db.engine, NOTES);
      const refused = h.run(async () => {
        await notes.add.run('x');
        await h.ledger.freeze(meta('order.freeze'), spot(9), 1n);
      });
      const kept = h.run(() => notes.add.run('y'));
      await expect(refused).rejects.toBeInstanceOf(InsufficientBalanceError);
      await kept;
      expect(await notes.all.all()).toEqual([{ note: 'y' }]);
    });

    it('takes back a nested step that fails, posts and rows, and the outer command goes on', async () => {
      h.db.sqlite.exec('create table notes (id integer primary key, note text)');
      const notes = statementsOf(h.db.engine, NOTES);
      await h.run(async () => {
        await notes.add.run('outer');
        await expect(
          h.run(async () => {
            await notes.add.run('inner');
            await h.ledger.transfer(meta('deposit'), world, spot(9), 5n);
            await h.ledger.freeze(meta('order.freeze'), spot(9), 6n);
          }),
        ).rejects.toBeInstanceOf(InsufficientBalanceError);
        expect(await h.ledger.balance(spot(9))).toEqual({ available: 0n, frozen: 0n });
      });
      expect(await notes.all.all()).toEqual([{ note: 'outer' }]);
      expect(await h.ledger.balance(spot(9))).toEqual({ available: 0n, frozen: 0n });
      expect(await h.count('journal')).toBe(0);
    });

    it('rejects unbalanced transactions and non-bigint deltas', async () => {
      await expect(
        h.run(() => h.ledger.post(meta('bad'), [{ ...world, field: 'available', delta: 5n }])),
      ).rejects.toThrow(/unbalanced/);
      await expect(
        h.run(() =>
          h.ledger.post(meta('bad'), [{ ...spot(1), field: 'available', delta: 5 as unknown as bigint }]),
        ),
      ).rejects.toThrow(TypeError);
      expect(await h.count('ledger_tx')).toBe(0);
    });

    it('settles a trade with a fee to the house, conserving each coin', async () => {
      const btc = (u: number) => spot(u, 'BTC');
      await deposit(1, '1000');
      await deposit(2, '1', 'BTC');
      const fee = toUnits('0.5');
      await h.run(async () => {
        await h.ledger.freeze(meta('order.freeze'), spot(1), toUnits('500'));
        await h.ledger.freeze(meta('order.freeze'), btc(2), toUnits('0.01'));
        await h.ledger.post(meta('trade'), [
          { ...spot(1), field: 'frozen', delta: -toUnits('500') },
          { ...spot(2), field: 'available', delta: toUnits('500') - fee },
          { ...spot(HOUSE_USER_ID), field: 'available', delta: fee },
          { ...btc(2), field: 'frozen', delta: -toUnits('0.01') },
          { ...btc(1), field: 'available', delta: toUnits('0.01') },
        ]);
      });
      expect((await h.ledger.balance(spot(2))).available).toBe(toUnits('499.5'));
      expect(await h.ledger.balance(spot(HOUSE_USER_ID))).toEqual({ available: fee, frozen: 0n });
      expect(await h.ledger.balance(btc(1))).toEqual({ available: toUnits('0.01'), frozen: 0n });
      expect(await h.ledger.balance(spot(1))).toEqual({ available: toUnits('500'), frozen: 0n });
    });

    it('lists a user balances', async () => {
      await deposit(3, '2');
      await h.run(() =>
        h.ledger.transfer(meta('move'), spot(3), { userId: 3, account: 'lever', coin: 'USDT' }, toUnits('1')),
      );
      expect(await h.ledger.balancesOf(3)).toEqual([
        { account: 'lever', coin: 'USDT', available: toUnits('1'), frozen: 0n },
        { account: 'spot', coin: 'USDT', available: toUnits('1'), frozen: 0n },
      ]);
    });

    it('keeps the journal append-only', async () => {
      await deposit(3, '2');
      const edit = statementsOf(h.db.engine, {
        update: sql<[]>('update journal set delta = 0'),
        remove: sql<[]>('delete from journal'),
      });
      await expect(h.run(() => edit.update.run())).rejects.toThrow(/append-only/);
      await expect(h.run(() => edit.remove.run())).rejects.toThrow(/append-only/);
      expect(await h.count('journal')).toBe(2);
    });
  });

  // What `withDeferredWrites` did for one transaction, every writer batch does now.
  describe('in a writer batch', () => {
    it('keeps balances exact within the batch and writes them at its flush', async () => {
      await deposit(4, '10');
      const batches = h.db.engine.writer.stats.batches;
      await Promise.all([
        h.run(async () => {
          await h.ledger.freeze(meta('f1'), spot(4), toUnits('3'));
          await h.ledger.freeze(meta('f2'), spot(4), toUnits('3'));
          expect(await h.ledger.balance(spot(4))).toEqual({ available: toUnits('4'), frozen: toUnits('6') });
          await expect(h.ledger.freeze(meta('f3'), spot(4), toUnits('5'))).rejects.toBeInstanceOf(
            InsufficientBalanceError,
          );
          await h.ledger.transfer(meta('t'), spot(4), spot(5), toUnits('4'));
        }),
        h.run(async () => {
          // The next command of the batch sees the balances the first one left …
          expect(await h.ledger.balance(spot(4))).toEqual({ available: 0n, frozen: toUnits('6') });
          // … while the rows, read on the batch's own connection, still hold what it started from.
          expect(await h.balanceRows()).toEqual([
            { ...world, available: -toUnits('10'), frozen: 0n },
            { ...spot(4), available: toUnits('10'), frozen: 0n },
          ]);
          expect(await h.count('journal')).toBe(2);
        }),
      ]);
      expect(h.db.engine.writer.stats.batches).toBe(batches + 1);
      expect(await h.ledger.balance(spot(4))).toEqual({ available: 0n, frozen: toUnits('6') });
      expect(await h.ledger.balance(spot(5))).toEqual({ available: toUnits('4'), frozen: 0n });
    });

    it('writes its transactions and journal lines at the flush, each holder in posting order', async () => {
      await deposit(4, '10');
      await deposit(3, '10');
      const ids = await Promise.all([
        h.run(async () => [
          await h.ledger.freeze(meta('f1'), spot(4), toUnits('1')),
          await h.ledger.transfer(meta('t1'), spot(3), spot(4), toUnits('2')),
        ]),
        h.run(async () => {
          // A refused post takes no id and leaves no line.
          await expect(h.ledger.freeze(meta('f2'), spot(4), toUnits('100'))).rejects.toBeInstanceOf(
            InsufficientBalanceError,
          );
          const f3 = await h.ledger.freeze(meta('f3'), spot(4), toUnits('3'));
          expect(await h.count('ledger_tx')).toBe(2);
          expect(await h.count('journal')).toBe(4);
          return [f3];
        }),
        h.run(async () => [await h.ledger.transfer(meta('t2'), spot(4), spot(3), toUnits('1'))]),
      ]);
      expect(ids.flat()).toEqual([3, 4, 5, 6]);
      expect((await h.txs()).map((t) => [t.id, t.kind])).toEqual([
        [1, 'deposit'],
        [2, 'deposit'],
        [3, 'f1'],
        [4, 't1'],
        [5, 'f3'],
        [6, 't2'],
      ]);
      // User 4's lines in id order are its postings in order, each with its running balance.
      const lines = (await h.journal()).filter((l) => l.userId === 4 && l.txId > 2);
      expect(lines.map((l) => [l.txId, l.field, l.delta, l.after])).toEqual([
        [3, 'available', -toUnits('1'), toUnits('9')],
        [3, 'frozen', toUnits('1'), toUnits('1')],
        [4, 'available', toUnits('2'), toUnits('11')],
        [5, 'available', -toUnits('3'), toUnits('8')],
        [5, 'frozen', toUnits('3'), toUnits('4')],
        [6, 'available', -toUnits('1'), toUnits('7')],
      ]);
      expect(await h.ledger.balance(spot(3))).toEqual({ available: toUnits('9'), frozen: 0n });
    });

    it('drops what a rolled-back command posted; the rest of the batch is kept and ids stay gapless', async () => {
      await deposit(4, '10');
      const results = await Promise.allSettled([
        h.run(() => h.ledger.freeze(meta('f1'), spot(4), toUnits('1'))),
        h.run(async () => {
          await h.ledger.freeze(meta('f2'), spot(4), toUnits('2'));
          await h.ledger.transfer(meta('t'), spot(4), spot(5), toUnits('1'));
          throw new Error('boom');
        }),
        h.run(async () => {
          const seen = await h.ledger.balance(spot(4));
          return [seen, await h.ledger.transfer(meta('f3'), world, spot(6), toUnits('3'))];
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[2] as PromiseFulfilledResult<unknown>).value).toEqual([
        { available: toUnits('9'), frozen: toUnits('1') },
        3,
      ]);
      expect((await h.txs()).map((t) => t.kind)).toEqual(['deposit', 'f1', 'f3']);
      expect(await h.count('journal')).toBe(6);
      // User 4 moved in the first command and in the undone one, not after: the first one's value is
      // written. User 5 moved only in the command that was undone: no row for it.
      expect(await h.ledger.balance(spot(4))).toEqual({ available: toUnits('9'), frozen: toUnits('1') });
      expect(await h.ledger.balance(spot(6))).toEqual({ available: toUnits('3'), frozen: 0n });
      expect((await h.balanceRows()).map((r) => r.userId)).toEqual([WORLD_USER_ID, 4, 6]);
    });

    it('drops its balances and rows when the batch fails, and the next batch takes ids from what was committed', async () => {
      await deposit(4, '10');
      const lost = await Promise.allSettled([
        h.run(() => h.ledger.freeze(meta('f1'), spot(4), toUnits('2'))),
        // A command without a savepoint that throws after posting takes its whole batch down.
        h.run(
          async () => {
            await h.ledger.freeze(meta('f2'), spot(4), toUnits('3'));
            throw new Error('boom');
          },
          { savepoint: false },
        ),
      ]);
      for (const r of lost)
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WriterUnavailableError);
      expect(await h.ledger.balance(spot(4))).toEqual({ available: toUnits('10'), frozen: 0n });
      expect(await h.run(() => h.ledger.balance(spot(4)))).toEqual({ available: toUnits('10'), frozen: 0n });
      expect(await h.count('journal')).toBe(2);
      expect(await h.run(() => h.ledger.freeze(meta('f3'), spot(4), toUnits('1')))).toBe(2);
      expect(await h.ledger.balance(spot(4))).toEqual({ available: toUnits('9'), frozen: toUnits('1') });
    });
  });

  describe('ledgerViolations', () => {
    it('detects a balance edited outside the ledger', async () => {
      await deposit(3, '2');
      h.db.sqlite.exec('update balances set available = available + 1 where user_id = 3');
      const found = await ledgerViolations(h.db.engine);
      expect(found.some((v) => v.includes('3/spot/USDT: available'))).toBe(true);
      expect(found.some((v) => v.includes('not conserved'))).toBe(true);
      h.db.sqlite.exec('update balances set available = available - 1 where user_id = 3');
    });
  });
});
