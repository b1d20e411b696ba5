// Referral rebates paid from the house to inviters (server/identity/rebates.ts): which side pays in
// which coin, each paid exactly once whatever the cursor says, in chunks, with the cursor saved when
// it should be, and the balances of house and inviters after each run. Written for mutation testing
// (docs/mutation.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoinInfo, PairInfo } from '../../../domain';
import { sql, statementsOf } from '../../../server/db';
import { openTestDatabase } from '../../support/db';
import { RebateService, rebatesOf } from '../../../server/identity/rebates';
import { HOUSE_USER_ID, Ledger, ledgerViolations, type BalanceAuthority } from '../../../server/ledger';

const PAIR = { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT' } as PairInfo;
const COINS = [
  { symbol: 'BTC', decimals: 8 },
  { symbol: 'USDT', decimals: 6 },
] as CoinInfo[];
/** Inviters 10 and 20; users 1 (invited by 10), 2 (invited by 20), 3 (invited by nobody). */
const INVITED_BY: Array<[number, number | null]> = [
  [10, null],
  [20, null],
  [1, 10],
  [2, 20],
  [3, null],
];

/** What the tests read back, through the engine's committed reads. */
const CHECK = {
  cursor: sql<[], number>('select last_trade_id from identity_rebate_cursor', (r) => Number(r.last_trade_id)),
  rows: sql<[], Record<string, unknown>>(
    'select referrer_id, referral_id, trade_id, symbol, coin, fee_units, units, created_at from identity_rebates order by id',
    (r) => r,
  ),
  tx: sql<[], Record<string, unknown>>(
    'select kind, ref_type, ref_id, actor, memo from ledger_tx order by id',
    (r) => r,
  ),
};

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
const open: Db[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of open.splice(0)) await db.close();
});

async function setup(share = '0.2', authority: BalanceAuthority = 'database') {
  const db = await openTestDatabase(':memory:');
  open.push(db);
  const { sqlite, engine } = db;
  const addUser = sqlite.prepare(
    `insert into users (id, account, account_kind, password_hash, promo_code, referrer_id, created_at)
     values (?, ?, 'email', 'x', ?, ?, 0)`,
  );
  for (const [id, ref] of INVITED_BY) addUser.run(id, `u${id}@x.io`, `P${id}`, ref);
  const ledger = await Ledger.open(engine, authority, () => 5);
  const paid: number[][] = [];
  const errors: unknown[] = [];
  const service = new RebateService(
    engine,
    ledger,
    { spotFeeShare: share, pairs: [PAIR], coins: COINS },
    (ids) => paid.push([...ids].sort()),
    (err) => errors.push(err),
    () => 77,
  );
  // Trades as the spot area commits them: written while no command runs (the tests await each run).
  const addTrade = sqlite.prepare(
    `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
       taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
     values (?, ?, 1, 1, 1, ?, 0, 0, ?, ?, ?, ?, 0)`,
  );
  let nextId = 1;
  /** A trade; fees in ledger units (the maker's in quote when the taker buys). */
  const trade = (
    maker: number,
    taker: number,
    makerFee: number,
    takerFee: number,
    side = 'buy',
    symbol = PAIR.symbol,
  ) => addTrade.run(nextId++, symbol, side, maker, taker, makerFee, takerFee);
  const check = statementsOf(engine, CHECK);
  const spot = async (userId: number, coin: string) =>
    (await ledger.balance({ userId, account: 'spot', coin })).available;
  return {
    sqlite,
    engine,
    ledger,
    service,
    trade,
    spot,
    cursor: () => check.cursor.get(),
    rows: () => check.rows.all(),
    tx: () => check.tx.all(),
    paid,
    errors,
    skip: (n: number) => (nextId += n),
  };
}

describe('rebatesOf', () => {
  const t = {
    id: 1,
    symbol: 'BTC/USDT',
    takerSide: 'sell' as const,
    makerUserId: 1,
    takerUserId: 2,
    makerFee: 1_000_000n,
    takerFee: 3_000_000n,
    makerRef: 10,
    takerRef: 20,
  };
  const decimals = (c: string) => (c === 'USDT' ? 6 : 8);

  it('a taker selling pays in quote, the buying maker in base', () => {
    expect(
      rebatesOf(t, PAIR, 500_000n, decimals).map((r) => [r.referrerId, r.coin, r.units, r.feeUnits]),
    ).toEqual([
      [10, 'BTC', 500_000n, 1_000_000n],
      [20, 'USDT', 1_500_000n, 3_000_000n],
    ]);
  });

  it('a referrer id below 1 is none; a fee of 1 unit pays when the share leaves a whole unit', () => {
    expect(rebatesOf({ ...t, makerRef: 0, takerRef: -1 }, PAIR, 500_000n, decimals)).toEqual([]);
    expect(rebatesOf({ ...t, makerFee: 2n, takerRef: null }, PAIR, 500_000n, decimals)).toEqual([
      expect.objectContaining({ units: 1n, coin: 'BTC' }),
    ]);
    expect(rebatesOf({ ...t, makerFee: -5n, takerRef: null }, PAIR, 1_000_000n, decimals)).toEqual([]);
  });

  it('user 1 (the first account) is a referrer like any other', () => {
    expect(rebatesOf({ ...t, makerRef: 1, takerRef: null }, PAIR, 500_000n, decimals)).toEqual([
      expect.objectContaining({ referrerId: 1, referralId: 1, units: 500_000n }),
    ]);
  });

  it('floors to the coin’s decimals: 6 for USDT means steps of 100 units', () => {
    expect(rebatesOf({ ...t, makerRef: null, takerFee: 1_999n }, PAIR, 500_000n, decimals)[0]!.units).toBe(
      900n,
    );
  });
});

describe.each<BalanceAuthority>(['database', 'memory'])('the rebate service (%s authority)', (authority) => {
  const setupWith = (share?: string) => setup(share, authority);

  it('pays each referred side from the house, once, and records each rebate', async () => {
    const h = await setupWith();
    h.trade(1, 2, 1_000_000, 3_000_000); // taker 2 buys: maker 1 pays USDT, taker 2 pays BTC
    h.trade(3, 1, 5_000_000, 7_000_000, 'sell'); // taker 1 sells: pays USDT; maker 3 has no inviter
    h.trade(3, 3, 9_000_000, 9_000_000); // nobody referred
    await h.service.start();
    expect(await h.spot(10, 'USDT')).toBe(200_000n + 1_400_000n);
    expect(await h.spot(20, 'BTC')).toBe(600_000n);
    expect(await h.spot(HOUSE_USER_ID, 'USDT')).toBe(-1_600_000n);
    expect(await h.spot(HOUSE_USER_ID, 'BTC')).toBe(-600_000n);
    expect(await h.rows()).toEqual([
      {
        referrer_id: 10,
        referral_id: 1,
        trade_id: 1,
        symbol: 'BTC/USDT',
        coin: 'USDT',
        fee_units: 1_000_000,
        units: 200_000,
        created_at: 77,
      },
      {
        referrer_id: 20,
        referral_id: 2,
        trade_id: 1,
        symbol: 'BTC/USDT',
        coin: 'BTC',
        fee_units: 3_000_000,
        units: 600_000,
        created_at: 77,
      },
      {
        referrer_id: 10,
        referral_id: 1,
        trade_id: 2,
        symbol: 'BTC/USDT',
        coin: 'USDT',
        fee_units: 7_000_000,
        units: 1_400_000,
        created_at: 77,
      },
    ]);
    const tx = await h.tx();
    expect(tx).toHaveLength(3);
    expect(tx[0]).toEqual({
      kind: 'rebate',
      ref_type: 'spot_trades',
      ref_id: '1',
      actor: 'system',
      memo: 'referral 1',
    });
    expect(h.paid).toEqual([[10, 20]]);
    expect(await h.cursor()).toBe(3);
    // Nothing new: nothing paid again.
    await h.service.runNow();
    expect(await h.rows()).toHaveLength(3);
    expect(h.paid).toHaveLength(1);
    expect(await ledgerViolations(h.engine)).toEqual([]);
    await h.service.stop();
    expect(h.errors).toEqual([]);
  });

  it('a cursor put back pays nothing twice', async () => {
    const h = await setupWith();
    h.trade(1, 2, 1_000_000, 3_000_000);
    await h.service.start();
    await h.service.stop();
    h.sqlite.prepare('update identity_rebate_cursor set last_trade_id = 0').run();
    await h.service.start();
    expect(await h.rows()).toHaveLength(2);
    expect(await h.spot(10, 'USDT')).toBe(200_000n);
    expect(h.paid).toHaveLength(1);
    // Skipped, not refused: a replay that hit the unique key would roll the chunk back and stall
    // every later rebate behind it.
    expect(h.errors).toEqual([]);
    await h.service.stop();
    expect(await h.cursor()).toBe(1);
  });

  it('trades of an unknown pair are skipped', async () => {
    const h = await setupWith();
    h.trade(1, 2, 1_000_000, 3_000_000, 'buy', 'DOGE/USDT');
    await h.service.start();
    expect(await h.rows()).toEqual([]);
    expect(h.paid).toEqual([]);
    await h.service.stop();
    expect(await h.cursor()).toBe(1);
  });

  it('works through more than one chunk of 500 referred trades', async () => {
    const h = await setupWith('1');
    for (let i = 0; i < 1201; i++) h.trade(3, 1, 0, 100);
    await h.service.start();
    expect(await h.rows()).toHaveLength(1201);
    expect(await h.spot(10, 'BTC')).toBe(120_100n);
    // One payment (one writer command) per chunk: 500, 500, 201.
    expect(h.paid).toEqual([[10], [10], [10]]);
    expect(await h.cursor()).toBe(1201);
    await h.service.stop();
  });

  it('moves the cursor past unreferred trades in memory, saving it with the timer or at stop', async () => {
    // Only the saver's interval: the writer starts its batches with setImmediate.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const h = await setupWith();
    await h.service.start();
    expect(await h.cursor()).toBe(0);
    h.trade(3, 3, 5, 5);
    h.trade(3, 3, 5, 5);
    await h.service.runNow();
    expect(await h.cursor()).toBe(0);
    vi.advanceTimersByTime(4_999);
    await h.service.idle();
    expect(await h.cursor()).toBe(0);
    vi.advanceTimersByTime(1);
    await h.service.idle();
    expect(await h.cursor()).toBe(2);
    h.trade(3, 3, 5, 5);
    await h.service.runNow();
    await h.service.stop();
    expect(await h.cursor()).toBe(3);
    // Stopped: no timer saves any more.
    h.trade(3, 3, 5, 5);
    await h.service.runNow();
    vi.advanceTimersByTime(10_000);
    await h.service.idle();
    expect(await h.cursor()).toBe(3);
  });

  it('schedule pays once after the current batch, and never once stopped', async () => {
    const h = await setupWith();
    h.service.schedule();
    h.trade(1, 2, 1_000_000, 3_000_000);
    await new Promise((r) => setImmediate(r));
    await h.service.idle();
    expect(await h.rows()).toEqual([]);
    await h.service.start();
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    h.service.schedule();
    expect(await h.rows()).toHaveLength(2);
    await h.service.idle();
    expect(await h.rows()).toHaveLength(4);
    expect(h.paid).toHaveLength(2);
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    await h.service.stop();
    await new Promise((r) => setImmediate(r));
    await h.service.idle();
    expect(await h.rows()).toHaveLength(4);
  });

  it('a referred maker against an unreferred taker: the maker’s inviter is paid', async () => {
    const h = await setupWith();
    h.trade(1, 3, 1_000_000, 3_000_000); // taker 3 (no inviter) buys: maker 1 pays USDT
    await h.service.start();
    expect(await h.spot(10, 'USDT')).toBe(200_000n);
    expect(await h.rows()).toHaveLength(1);
    await h.service.stop();
  });

  it('finds a referred trade behind a full scan page of 2 000 unreferred trades in one run', async () => {
    const h = await setupWith();
    for (let i = 0; i < 2000; i++) h.trade(3, 3, 5, 5);
    h.trade(1, 2, 1_000_000, 3_000_000);
    await h.service.start();
    expect((await h.rows()).map((r) => r.trade_id)).toEqual([2001, 2001]);
    expect(await h.cursor()).toBe(2001);
    await h.service.stop();
  });

  it('a second burst after the first scheduled run is paid too', async () => {
    const h = await setupWith();
    await h.service.start();
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    await h.service.idle();
    expect(await h.rows()).toHaveLength(2);
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    await h.service.idle();
    expect(await h.rows()).toHaveLength(4);
    await h.service.stop();
  });

  it('keeps its rebates when another command of the same batch is refused, and drops them with its own', async () => {
    const h = await setupWith();
    await h.service.start();
    h.trade(1, 2, 1_000_000, 3_000_000);
    const batches = h.engine.writer.stats.batches;
    // Queued in one turn of the event loop, so one batch: the payment, then a refused command.
    const paying = h.engine.writer.run(() => h.service.runNow());
    const refused = h.engine.writer.run(() => Promise.reject(new Error('refused')));
    await paying;
    await expect(refused).rejects.toThrow('refused');
    expect(h.engine.writer.stats.batches).toBe(batches + 1);
    expect(await h.rows()).toHaveLength(2);
    expect(await h.spot(10, 'USDT')).toBe(200_000n);

    // A command that pays and is then refused leaves neither rebates nor postings behind.
    h.trade(1, 2, 1_000_000, 3_000_000);
    await expect(
      h.engine.writer.run(async () => {
        await h.service.runNow();
        throw new Error('refused after paying');
      }),
    ).rejects.toThrow('refused after paying');
    expect(await h.rows()).toHaveLength(2);
    expect(await h.spot(10, 'USDT')).toBe(200_000n);
    expect(await h.tx()).toHaveLength(2);
    expect(await ledgerViolations(h.engine)).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('reports a failure instead of throwing, and keeps nothing of the failed run', async () => {
    const h = await setupWith();
    await h.service.start();
    h.sqlite.exec('drop table identity_rebate_cursor');
    h.trade(1, 2, 1_000_000, 3_000_000);
    await expect(h.service.runNow()).resolves.toBeUndefined();
    expect(h.errors).toHaveLength(1);
    expect(await h.rows()).toEqual([]);
    expect(await h.tx()).toEqual([]);
    expect(await h.spot(10, 'USDT')).toBe(0n);

    const s = await setupWith();
    await s.service.start();
    s.trade(3, 3, 5, 5);
    await s.service.runNow();
    s.sqlite.exec('drop table identity_rebate_cursor');
    await expect(s.service.stop()).resolves.toBeUndefined();
    expect(s.errors).toHaveLength(1);
  });
});
