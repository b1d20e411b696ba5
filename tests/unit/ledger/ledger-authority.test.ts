// Where the writer's balances come from (server/ledger/ledger.ts, `BalanceAuthority`): with the
// database as the authority, a batch reads the holders it touches, many users per statement, and
// forgets them when it ends; with memory as the authority, every balance is read once at open and no
// batch reads any. Either way a flush writes only the holders its batch changed. Written for mutation
// testing (docs/mutation.md), beside ledger.mutation.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyDef } from '../../../server/db/conn';
import { Ledger, WORLD_USER_ID, ledgerViolations, type Holder } from '../../../server/ledger';
import { AUTHORITIES, meta, openLedger, spot, type LedgerHarness } from './ledger-harness';

const world = spot(WORLD_USER_ID);

let h: LedgerHarness;
afterEach(() => h.close());

/** Gives each of `users` its id in minor units of USDT, in one command. */
const grant = (users: readonly number[]) =>
  h.run(async () => {
    for (const u of users) await h.ledger.transfer(meta('deposit'), world, spot(u), BigInt(u));
  });

/** Ways to undo what `watchWriter` changed, after each test. */
const unwatch: Array<() => void> = [];
afterEach(() => {
  for (const undo of unwatch.splice(0)) undo();
});

type Call = { text: string; params: readonly unknown[] };

/** The statements the writer's connection runs from now on: reads and writes, with their parameters. */
function watchWriter() {
  const conn = h.db.engine.writer.conn;
  const reads: Call[] = [];
  const writes: Call[] = [];
  for (const [method, into] of [
    ['get', reads],
    ['all', reads],
    ['run', writes],
  ] as const) {
    const orig = conn[method];
    conn[method] = ((def: AnyDef, params: readonly unknown[], bigints: boolean) => {
      into.push({ text: def.text, params });
      return orig.call(conn, def, params, bigints);
    }) as never;
    unwatch.push(() => {
      conn[method] = orig as never;
    });
  }
  return {
    /** How many users each read of balances asked for, in order. */
    userReads: () => reads.filter((r) => r.text.includes('where user_id in')).map((r) => r.params.length),
    reads: () => reads.length,
    /** The user of each balance row the upserts wrote, in order. */
    balanceWrites: () =>
      writes
        .filter((w) => w.text.startsWith('insert into balances'))
        .flatMap((w) => w.params.filter((_, i) => i % 5 === 0)),
    reset() {
      reads.length = 0;
      writes.length = 0;
    },
  };
}

describe('database authority', () => {
  beforeEach(async () => {
    h = await openLedger('database');
  });

  it('reads the holders a batch touches with statements of 64, 16, 4 and 1 users, each once per batch', async () => {
    const users = Array.from({ length: 150 }, (_, i) => i + 1);
    await grant(users);
    const watch = watchWriter();
    await h.run(async () => {
      await h.ledger.load(users.slice(0, 85).map((u) => spot(u)));
      expect(watch.userReads()).toEqual([64, 16, 4, 1]);
      for (const u of users.slice(0, 85))
        expect(h.ledger.balanceLoaded(spot(u))).toEqual({ available: BigInt(u), frozen: 0n });
      // Held already: nothing to read, for a load or a balance.
      watch.reset();
      await h.ledger.load([spot(1), spot(85)]);
      expect(await h.ledger.balance(spot(2))).toEqual({ available: 2n, frozen: 0n });
      expect(watch.reads()).toBe(0);
      // Two coins of one user: one user to read.
      await h.ledger.load([spot(200), spot(200, 'BTC'), spot(201)]);
      expect(watch.userReads()).toEqual([1, 1]);
    });
    watch.reset();
    await h.run(() => h.ledger.load(users.map((u) => spot(u))));
    expect(watch.userReads()).toEqual([64, 64, 16, 4, 1, 1]);
  });

  it('reads no balance at open: the first batch reads what it touches, as the database holds it then', async () => {
    await grant([1]);
    const again = await Ledger.open(h.db.engine, 'database');
    h.db.sqlite.exec('update balances set available = 5 where user_id = 1');
    expect(await h.run(() => again.balance(spot(1)))).toEqual({ available: 5n, frozen: 0n });
    h.db.sqlite.exec('update balances set available = 1 where user_id = 1');
  });

  it('keeps a holder the batch changed when a later load reads its user again', async () => {
    await h.run(async () => {
      await h.ledger.transfer(meta(), world, spot(1), 10n);
      await h.ledger.transfer(meta(), spot(WORLD_USER_ID, 'BTC'), spot(1, 'BTC'), 10n);
    });
    const seen = await h.run(async () => {
      await h.ledger.load([spot(1)]);
      h.ledger.postLoaded(meta(), [
        { ...spot(1), field: 'available', delta: -3n },
        { ...spot(1), field: 'frozen', delta: 3n },
      ]);
      await h.ledger.load([spot(1), spot(1, 'BTC')]);
      return [h.ledger.balanceLoaded(spot(1)), h.ledger.balanceLoaded(spot(1, 'BTC'))];
    });
    expect(seen).toEqual([
      { available: 7n, frozen: 3n },
      { available: 10n, frozen: 0n },
    ]);
    expect(await h.ledger.balance(spot(1))).toEqual({ available: 7n, frozen: 3n });
  });

  it('refuses to post for a holder that was not loaded, and changes nothing', async () => {
    await grant([3]);
    await expect(
      h.run(() =>
        h.ledger.postLoaded(meta(), [
          { ...spot(3), field: 'available', delta: -1n },
          { ...spot(4), field: 'available', delta: 1n },
        ]),
      ),
    ).rejects.toThrow(new Error('ledger: holder 3|spot|USDT was not loaded'));
    expect(() => h.ledger.balanceLoaded(spot(3))).toThrow('was not loaded');
    expect(await h.count('ledger_tx')).toBe(1);
  });

  it('reads each batch afresh: a balance changed in the database between batches is seen', async () => {
    await grant([3]);
    h.db.sqlite.exec('update balances set available = 30 where user_id = 3');
    expect(await h.run(() => h.ledger.balance(spot(3)))).toEqual({ available: 30n, frozen: 0n });
    // After a failed batch too.
    await expect(
      h.run(
        async () => {
          await h.ledger.freeze(meta(), spot(3), 1n);
          throw new Error('fault');
        },
        { savepoint: false },
      ),
    ).rejects.toThrow();
    h.db.sqlite.exec('update balances set available = 40 where user_id = 3');
    expect(await h.run(() => h.ledger.balance(spot(3)))).toEqual({ available: 40n, frozen: 0n });
    h.db.sqlite.exec('update balances set available = 3 where user_id = 3');
  });
});

describe('memory authority', () => {
  beforeEach(async () => {
    h = await openLedger('memory');
  });

  it('reads every balance once, at open, and nothing during batches', async () => {
    await grant([1, 2, 3]);
    const again = await Ledger.open(h.db.engine, 'memory');
    const watch = watchWriter();
    const seen = await h.run(async () => {
      await again.load([spot(1), spot(9)]);
      const b = await again.balance(spot(3));
      await again.transfer(meta(), spot(3), spot(9), 3n);
      again.postLoaded(meta(), [
        { ...spot(2), field: 'available', delta: -2n },
        { ...spot(8), field: 'available', delta: 2n },
      ]);
      return b;
    });
    expect(seen).toEqual({ available: 3n, frozen: 0n });
    expect(watch.reads()).toBe(0);
    // The book is the authority: a change made behind its back is not seen.
    h.db.sqlite.exec('update balances set available = 100 where user_id = 1');
    expect(await h.run(() => again.balance(spot(1)))).toEqual({ available: 1n, frozen: 0n });
    h.db.sqlite.exec('update balances set available = 1 where user_id = 1');
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('takes a failed batch back to the last commit, not further', async () => {
    await grant([1]);
    await h.run(() => h.ledger.freeze(meta(), spot(1), 1n));
    await expect(
      h.run(
        async () => {
          await h.ledger.transfer(meta(), world, spot(2), 5n);
          await h.ledger.freeze(meta(), spot(1), 0n);
          throw new Error('fault');
        },
        { savepoint: false },
      ),
    ).rejects.toThrow();
    expect(await h.run(async () => [await h.ledger.balance(spot(1)), await h.ledger.balance(world)])).toEqual(
      [
        { available: 0n, frozen: 1n },
        { available: -1n, frozen: 0n },
      ],
    );
  });
});

describe.each(AUTHORITIES)('%s authority', (authority) => {
  beforeEach(async () => {
    h = await openLedger(authority);
  });

  it('flushes the holders its batch changed, once each, and no others', async () => {
    await grant([1, 2, 3, 4]);
    const watch = watchWriter();
    const holders: Holder[] = [spot(1), spot(2), spot(3), spot(4), spot(5)];
    await Promise.all([
      h.run(() => h.ledger.freeze(meta(), spot(1), 1n)),
      h.run(async () => {
        for (const holder of holders) await h.ledger.balance(holder);
        await h.ledger.transfer(meta(), world, spot(1), 1n);
      }),
      h.run(() => h.ledger.unfreeze(meta(), spot(1), 1n)),
    ]);
    expect(watch.balanceWrites()).toEqual([1, WORLD_USER_ID]);
    expect(await h.ledger.balance(spot(1))).toEqual({ available: 2n, frozen: 0n });
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('keeps amounts past 2^53 exact in every statement that reads a balance', async () => {
    const big = 2n ** 60n + 7n;
    await h.run(() => h.ledger.transfer(meta(), world, spot(1), big));
    expect(await h.ledger.balance(spot(1))).toEqual({ available: big, frozen: 0n });
    expect(await h.ledger.balancesOf(1)).toEqual([
      { account: 'spot', coin: 'USDT', available: big, frozen: 0n },
    ]);
    // Read again from the database: every balance at open (memory) or the batch's users (database).
    const again = await Ledger.open(h.db.engine, authority);
    const seen = await h.run(async () => {
      await again.load([spot(1)]);
      const before = again.balanceLoaded(spot(1));
      await again.freeze(meta(), spot(1), 1n);
      return before;
    });
    expect(seen).toEqual({ available: big, frozen: 0n });
    expect(await again.balance(spot(1))).toEqual({ available: big - 1n, frozen: 1n });
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('opens with the next transaction id after the largest committed', async () => {
    await grant([1, 2]);
    await h.run(() => h.ledger.freeze(meta(), spot(2), 1n));
    const again = await Ledger.open(h.db.engine, authority);
    expect(await h.run(() => again.transfer(meta(), spot(2), spot(1), 1n))).toBe(4);
    expect(await again.balance(spot(1))).toEqual({ available: 2n, frozen: 0n });
  });
});
