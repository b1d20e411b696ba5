// The ledger's edges (server/ledger/ledger.ts): journal lines with their balance_after; system holders
// that may go negative and users that may not, in either field; multi-coin balance checks; a refused
// transaction that changes nothing; where posts may run; what a rolled-back command and a failed batch
// take back (balances, rows, transaction ids); the CHECK constraint behind the first pass; each
// invariant the checker reports, named exactly. Written for mutation testing (docs/mutation.md):
// each test fails if a line of ledger.ts is changed in a plausible way. The book's own edges are in
// balance-book.test.ts, the authorities' in ledger-authority.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriterUnavailableError } from '../../../server/db';
import { holderKey } from '../../../server/ledger/balance-book';
import {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  PostingNet,
  WORLD_USER_ID,
  ledgerViolations,
} from '../../../server/ledger';
import { openTestDatabase } from '../../support/db';
import {
  AUTHORITIES,
  bookOf,
  meta,
  openLedger,
  outsideCaller,
  spot,
  type LedgerHarness,
} from './ledger-harness';

const world = spot(WORLD_USER_ID);
const house = spot(HOUSE_USER_ID);

describe.each(AUTHORITIES)('ledger postings, %s authority', (authority) => {
  let h: LedgerHarness;
  beforeEach(async () => {
    h = await openLedger(authority);
  });
  afterEach(() => h.close());

  it('journals each non-zero line with the balance it leaves, at the clock’s time', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 500n));
    await h.run(async () => {
      await h.ledger.post(meta('transfer', '2'), [
        { ...spot(1), field: 'available', delta: -200n },
        { ...spot(1), field: 'frozen', delta: 200n },
        { ...spot(2), field: 'frozen', delta: 0n },
      ]);
      // Two lines of one holder and field: each line carries the running value.
      await h.ledger.post(meta('transfer', '3', 'two steps'), [
        { ...spot(1), field: 'available', delta: -50n },
        { ...spot(1), field: 'available', delta: -25n },
        { ...spot(2), field: 'available', delta: 75n },
      ]);
    });
    const line = (txId: number, userId: number, field: string, delta: bigint, after: bigint) => ({
      txId,
      userId,
      account: 'spot',
      coin: 'USDT',
      field,
      delta,
      after,
      at: 42,
    });
    expect(await h.journal()).toEqual([
      line(1, -1, 'available', -500n, -500n),
      line(1, 1, 'available', 500n, 500n),
      line(2, 1, 'available', -200n, 300n),
      line(2, 1, 'frozen', 200n, 200n),
      line(3, 1, 'available', -50n, 250n),
      line(3, 1, 'available', -25n, 225n),
      line(3, 2, 'available', 75n, 75n),
    ]);
    const tx = { kind: 'transfer', ref_type: 'test', actor: 'test', created_at: 42 };
    expect(await h.txs()).toEqual([
      { id: 1, ref_id: '1', memo: null, ...tx },
      { id: 2, ref_id: '2', memo: null, ...tx },
      { id: 3, ref_id: '3', memo: 'two steps', ...tx },
    ]);
    expect(await h.ledger.balancesOf(1)).toEqual([
      { account: 'spot', coin: 'USDT', available: 225n, frozen: 200n },
    ]);
    // The zero line wrote no journal line, but its holder's row was written (both fields 0 but moved).
    expect(await h.ledger.balancesOf(2)).toEqual([
      { account: 'spot', coin: 'USDT', available: 75n, frozen: 0n },
    ]);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('lets the house and the world go negative, never a user, in either field', async () => {
    await h.run(() => h.ledger.transfer(meta(), house, world, 5n));
    expect((await h.ledger.balance(house)).available).toBe(-5n);
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 5n));
    await expect(h.run(() => h.ledger.transfer(meta(), spot(1), spot(2), 6n))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    await expect(h.run(() => h.ledger.unfreeze(meta(), spot(1), 1n))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    // Down to exactly zero is allowed.
    expect(await h.run(() => h.ledger.freeze(meta(), spot(1), 5n))).toBe(3);
    expect(await h.ledger.balance(spot(1))).toEqual({ available: 0n, frozen: 5n });
    const err = await h.run(() => h.ledger.freeze(meta(), spot(1), 1n)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect((err as InsufficientBalanceError).holder).toEqual(spot(1));
    expect((err as InsufficientBalanceError).key).toBe('insufficientBalance');
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('a transaction that dips below zero and comes back within its lines is refused', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 5n));
    await expect(
      h.run(() =>
        h.ledger.post(meta(), [
          { ...spot(1), field: 'available', delta: -6n },
          { ...spot(1), field: 'available', delta: 6n },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });

  it('a refused transaction changes no holder, not even those of its earlier lines, and takes no id', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 5n));
    const next = await h.run(async () => {
      const postings = [
        { ...world, field: 'available' as const, delta: -3n },
        { ...spot(3), field: 'available' as const, delta: 3n },
        { ...spot(1), field: 'available' as const, delta: -6n },
        { ...spot(2), field: 'available' as const, delta: 6n },
      ];
      await h.ledger.load(postings);
      expect(() => h.ledger.postLoaded(meta(), postings)).toThrow(InsufficientBalanceError);
      expect(await h.ledger.balance(world)).toEqual({ available: -5n, frozen: 0n });
      expect(await h.ledger.balance(spot(3))).toEqual({ available: 0n, frozen: 0n });
      expect(await h.ledger.balance(spot(1))).toEqual({ available: 5n, frozen: 0n });
      return h.ledger.transfer(meta(), spot(1), spot(3), 1n);
    });
    expect(next).toBe(2);
    expect(await h.ledger.balance(spot(3))).toEqual({ available: 1n, frozen: 0n });
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('refuses a posting whose delta is not a bigint, and names the short holder in a refusal', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 5n));
    await expect(
      h.run(() =>
        h.ledger.post(meta(), [
          { ...spot(1), field: 'available', delta: -1 as unknown as bigint },
          { ...spot(2), field: 'available', delta: 1n },
        ]),
      ),
    ).rejects.toThrow(new TypeError('posting delta must be a bigint'));
    await expect(h.run(() => h.ledger.transfer(meta(), spot(1), spot(2), 6n))).rejects.toThrow(
      'insufficient balance: user 1 spot USDT',
    );
    expect(await h.ledger.balance(spot(1))).toEqual({ available: 5n, frozen: 0n });
  });

  it('checks the balance of every coin of a transaction separately', async () => {
    await h.run(async () => {
      await h.ledger.transfer(meta(), spot(WORLD_USER_ID, 'BTC'), spot(1, 'BTC'), 5n);
      await h.ledger.transfer(meta(), world, spot(1), 5n);
    });
    // BTC sums to 0 but USDT to +1: refused.
    await expect(
      h.run(() =>
        h.ledger.post(meta(), [
          { ...spot(1, 'BTC'), field: 'available', delta: -5n },
          { ...spot(2, 'BTC'), field: 'available', delta: 5n },
          { ...spot(1), field: 'available', delta: -4n },
          { ...spot(2), field: 'available', delta: 5n },
        ]),
      ),
    ).rejects.toThrow('unbalanced ledger transaction: USDT sums to 1');
    await expect(h.run(() => h.ledger.transfer(meta(), spot(1, 'BTC'), spot(2), 1n))).rejects.toThrow(
      /different coins/,
    );
    expect(await h.ledger.balance(spot(2))).toEqual({ available: 0n, frozen: 0n });
    expect(await h.ledger.balance(spot(2, 'BTC'))).toEqual({ available: 0n, frozen: 0n });
    expect(await h.count('ledger_tx')).toBe(2);
  });

  it('in one command: exact balances, refusals, netted transactions of many holders and a nested step', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 100n));
    const ids = await h.run(async () => {
      const net = new PostingNet();
      for (let u = 2; u <= 12; u++) net.add(spot(u), 'available', 1n);
      net.add(spot(1), 'available', -11n);
      const a = await h.ledger.post(meta(), net.postings());
      expect((await h.ledger.balance(spot(1))).available).toBe(89n);
      await expect(h.ledger.transfer(meta(), spot(2), spot(3), 2n)).rejects.toBeInstanceOf(
        InsufficientBalanceError,
      );
      const b = await h.ledger.transfer(meta(), spot(2), spot(3), 1n);
      // A nested command is a step of this one, in a savepoint of its own.
      const c = await h.run(() => h.ledger.freeze(meta(), spot(3), 2n));
      return [a, b, c];
    });
    expect(ids).toEqual([2, 3, 4]);
    expect(await h.ledger.balance(spot(3))).toEqual({ available: 0n, frozen: 2n });
    expect(await h.ledger.balance(spot(2))).toEqual({ available: 0n, frozen: 0n });
    expect(await h.ledger.balance(spot(12))).toEqual({ available: 1n, frozen: 0n });
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
    // The next batch goes on from there.
    expect(await h.run(() => h.ledger.transfer(meta(), spot(12), spot(1), 1n))).toBe(5);
    expect((await h.ledger.balance(spot(1))).available).toBe(90n);
  });
});

describe.each(AUTHORITIES)('the ledger in the writer, %s authority', (authority) => {
  let h: LedgerHarness;
  beforeEach(async () => {
    h = await openLedger(authority);
  });
  afterEach(() => h.close());

  it('refuses to post outside a command, from a command that has ended, and in another writer’s command', async () => {
    const post = () =>
      h.ledger.post(meta(), [
        { ...world, field: 'available', delta: -1n },
        { ...spot(1), field: 'available', delta: 1n },
      ]);
    await expect(post()).rejects.toThrow(new Error('ledger.post outside a writer command'));
    await expect(h.ledger.transfer(meta(), world, spot(1), 1n)).rejects.toThrow('ledger.post outside');
    expect(() => h.ledger.postLoaded(meta(), [])).toThrow(
      new Error('ledger.postLoaded outside a writer command'),
    );
    let late: Promise<number> | undefined;
    let lateLoaded: Promise<number> | undefined;
    await h.run(() => {
      late = new Promise((r) => setTimeout(r, 5)).then(post);
      lateLoaded = new Promise((r) => setTimeout(r, 5)).then(() => h.ledger.postLoaded(meta(), []));
    });
    await expect(late).rejects.toThrow('ledger.post outside a writer command');
    await expect(lateLoaded).rejects.toThrow('ledger.postLoaded outside a writer command');
    const other = await openTestDatabase();
    try {
      await expect(other.engine.writer.run(post)).rejects.toThrow('ledger.post outside a writer command');
      await expect(other.engine.writer.run(() => h.ledger.postLoaded(meta(), []))).rejects.toThrow(
        'ledger.postLoaded outside a writer command',
      );
    } finally {
      await other.close();
    }
    expect(await h.count('ledger_tx')).toBe(0);
  });

  it('reads a balance inside a command as the batch left it, outside as committed, and writes no row for a read', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 10n));
    const outside = outsideCaller(() => h.ledger.balance(spot(1)));
    const inside = await h.run(async () => {
      await h.ledger.freeze(meta(), spot(1), 3n);
      const committed = await outside.call();
      return [await h.ledger.balance(spot(1)), h.ledger.balanceLoaded(spot(1)), committed];
    });
    expect(inside).toEqual([
      { available: 7n, frozen: 3n },
      { available: 7n, frozen: 3n },
      { available: 10n, frozen: 0n },
    ]);
    // A holder that never moved reads as zero, inside and outside, and gets no row.
    expect(await h.ledger.balance(spot(9))).toEqual({ available: 0n, frozen: 0n });
    expect(await h.run(() => h.ledger.balance(spot(9)))).toEqual({ available: 0n, frozen: 0n });
    expect((await h.balanceRows()).map((r) => r.userId)).toEqual([WORLD_USER_ID, 1]);
  });

  it('takes back a failed nested step: its balances, rows and ids, and no more', async () => {
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 10n));
    const ids = await h.run(async () => {
      const a = await h.ledger.freeze(meta('transfer', 'a'), spot(1), 1n);
      await expect(
        h.run(async () => {
          await h.ledger.freeze(meta('transfer', 'b'), spot(1), 2n);
          await h.ledger.transfer(meta('transfer', 'c'), spot(1), spot(2), 3n);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      expect(await h.ledger.balance(spot(1))).toEqual({ available: 9n, frozen: 1n });
      expect(await h.ledger.balance(spot(2))).toEqual({ available: 0n, frozen: 0n });
      const d = await h.ledger.transfer(meta('transfer', 'd'), world, spot(3), 4n);
      return [a, d];
    });
    expect(ids).toEqual([2, 3]);
    expect((await h.txs()).map((t) => [t.id, t.ref_id])).toEqual([
      [1, '1'],
      [2, 'a'],
      [3, 'd'],
    ]);
    expect(await h.count('journal')).toBe(6);
    // User 1 changed before the step as well as in it, and not after: the value before the step is
    // written. User 2 moved only in the step: no row.
    expect(await h.balanceRows()).toEqual([
      { ...world, available: -14n, frozen: 0n },
      { ...spot(1), available: 9n, frozen: 1n },
      { ...spot(3), available: 4n, frozen: 0n },
    ]);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('returns to the first id of a failed batch, after a committed batch and after a failed one without posts', async () => {
    const fail = (fn: () => Promise<unknown> = async () => {}) =>
      h.run(
        async () => {
          await fn();
          throw new Error('fault');
        },
        { savepoint: false },
      );
    expect(await h.run(() => h.ledger.transfer(meta(), world, spot(1), 10n))).toBe(1);
    const lost = await Promise.allSettled([
      h.run(() => h.ledger.freeze(meta(), spot(1), 2n)),
      h.run(() => h.ledger.freeze(meta(), spot(1), 3n)),
      fail(() => h.ledger.freeze(meta(), spot(1), 1n)),
    ]);
    expect(lost.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await h.run(() => h.ledger.balance(spot(1)))).toEqual({ available: 10n, frozen: 0n });
    await expect(fail()).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(await h.run(() => h.ledger.freeze(meta(), spot(1), 4n))).toBe(2);
    await expect(Promise.all([h.run(() => h.ledger.freeze(meta(), spot(1), 1n)), fail()])).rejects.toThrow();
    expect(await h.run(() => h.ledger.freeze(meta(), spot(1), 1n))).toBe(3);
    expect((await h.txs()).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(await h.ledger.balance(spot(1))).toEqual({ available: 5n, frozen: 5n });
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it("refuses the batch when the table's CHECK refuses a negative user balance, and keeps a system holder's", async () => {
    // The second line of defence: the first pass refuses first, so the book is set directly.
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), 5n));
    const batch = await Promise.allSettled([
      h.run(() => h.ledger.transfer(meta(), world, spot(2), 5n)),
      h.run(() => bookOf(h.ledger).change(holderKey(spot(7)), -1n, 0n)),
    ]);
    for (const r of batch) {
      const reason = (r as PromiseRejectedResult).reason as WriterUnavailableError;
      expect(reason).toBeInstanceOf(WriterUnavailableError);
      expect((reason.cause as Error).message).toMatch(/CHECK constraint failed/);
    }
    expect(
      await h.run(async () => [await h.ledger.balance(spot(7)), await h.ledger.balance(spot(2))]),
    ).toEqual([
      { available: 0n, frozen: 0n },
      { available: 0n, frozen: 0n },
    ]);
    expect((await h.balanceRows()).map((r) => r.userId)).toEqual([WORLD_USER_ID, 1]);
    expect(await h.run(() => h.ledger.transfer(meta(), world, spot(2), 5n))).toBe(2);
    // A system holder may go negative: the same write is kept.
    await h.run(() => bookOf(h.ledger).change(holderKey(house), -1n, 0n));
    expect(await h.ledger.balance(house)).toEqual({ available: -1n, frozen: 0n });
  });
});

describe('ledgerViolations', () => {
  it('names each broken invariant', async () => {
    const h = await openLedger('database');
    try {
      const sqlite = h.db.sqlite;
      await h.run(() => h.ledger.transfer(meta(), world, spot(3), 10n));
      expect(await ledgerViolations(h.db.engine)).toEqual([]);
      sqlite.exec('update balances set frozen = frozen + 2 where user_id = 3');
      expect(await ledgerViolations(h.db.engine)).toEqual([
        '3/spot/USDT: frozen 2 != journal 0',
        'coin USDT: total 2 is not conserved',
      ]);
      // The table's CHECK refuses a negative user balance; the checker is the second line behind it.
      sqlite.pragma('ignore_check_constraints = 1');
      sqlite.exec('update balances set frozen = 0, available = -1 where user_id = 3');
      expect(await ledgerViolations(h.db.engine)).toEqual([
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
      expect(await ledgerViolations(h.db.engine)).toEqual([
        '-2/spot/USDT: frozen -3 != journal 0',
        'tx 1 USDT: sums to 7',
        'coin USDT: total -3 is not conserved',
      ]);
    } finally {
      await h.close();
    }
  });
});
