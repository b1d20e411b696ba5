// Referral rebates paid from the house to inviters (server/identity/rebates.ts): which side pays in
// which coin, each paid exactly once whatever the cursor says, in chunks, with the cursor saved when
// it should be, and the balances of house and inviters after each run. Written for mutation testing
// (docs/mutation.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoinInfo, PairInfo } from '../../../domain';
import { openTestDatabase } from '../../support/db';
import { RebateService, rebatesOf } from '../../../server/identity/rebates';
import { HOUSE_USER_ID, Ledger, ledgerViolations } from '../../../server/ledger';

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

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
const open: Db[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of open.splice(0)) await db.close();
});

async function setup(share = '0.2') {
  const db = await openTestDatabase(':memory:');
  open.push(db);
  const { sqlite } = db;
  const addUser = sqlite.prepare(
    `insert into users (id, account, account_kind, password_hash, promo_code, referrer_id, created_at)
     values (?, ?, 'email', 'x', ?, ?, 0)`,
  );
  for (const [id, ref] of INVITED_BY) addUser.run(id, `u${id}@x.io`, `P${id}`, ref);
  const ledger = new Ledger(sqlite, () => 5);
  const paid: number[][] = [];
  const errors: unknown[] = [];
  const service = new RebateService(
    sqlite,
    ledger,
    { spotFeeShare: share, pairs: [PAIR], coins: COINS },
    (ids) => paid.push([...ids].sort()),
    (err) => errors.push(err),
    () => 77,
  );
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
  const spot = (userId: number, coin: string) => ledger.balance({ userId, account: 'spot', coin }).available;
  const cursor = () => sqlite.prepare('select last_trade_id from identity_rebate_cursor').pluck().get();
  const rows = () =>
    sqlite
      .prepare(
        'select referrer_id, referral_id, trade_id, symbol, coin, fee_units, units, created_at from identity_rebates order by id',
      )
      .all();
  return {
    sqlite,
    ledger,
    service,
    trade,
    spot,
    cursor,
    rows,
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

describe('the rebate service', () => {
  it('pays each referred side from the house, once, and records each rebate', async () => {
    const h = await setup();
    h.trade(1, 2, 1_000_000, 3_000_000); // taker 2 buys: maker 1 pays USDT, taker 2 pays BTC
    h.trade(3, 1, 5_000_000, 7_000_000, 'sell'); // taker 1 sells: pays USDT; maker 3 has no inviter
    h.trade(3, 3, 9_000_000, 9_000_000); // nobody referred
    h.service.start();
    expect(h.spot(10, 'USDT')).toBe(200_000n + 1_400_000n);
    expect(h.spot(20, 'BTC')).toBe(600_000n);
    expect(h.spot(HOUSE_USER_ID, 'USDT')).toBe(-1_600_000n);
    expect(h.spot(HOUSE_USER_ID, 'BTC')).toBe(-600_000n);
    expect(h.rows()).toEqual([
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
    const tx = h.sqlite
      .prepare(`select kind, ref_type, ref_id, actor, memo from ledger_tx order by id`)
      .all();
    expect(tx[0]).toEqual({
      kind: 'rebate',
      ref_type: 'spot_trades',
      ref_id: '1',
      actor: 'system',
      memo: 'referral 1',
    });
    expect(h.paid).toEqual([[10, 20]]);
    expect(h.cursor()).toBe(3);
    // Nothing new: nothing paid again.
    h.service.runNow();
    expect(h.rows()).toHaveLength(3);
    expect(h.paid).toHaveLength(1);
    expect(ledgerViolations(h.sqlite)).toEqual([]);
    h.service.stop();
    expect(h.errors).toEqual([]);
  });

  it('a cursor put back pays nothing twice', async () => {
    const h = await setup();
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.start();
    h.service.stop();
    h.sqlite.prepare('update identity_rebate_cursor set last_trade_id = 0').run();
    h.service.start();
    expect(h.rows()).toHaveLength(2);
    expect(h.spot(10, 'USDT')).toBe(200_000n);
    expect(h.paid).toHaveLength(1);
    // Skipped, not refused: a replay that hit the unique key would roll the chunk back and stall
    // every later rebate behind it.
    expect(h.errors).toEqual([]);
    h.service.stop();
    expect(h.cursor()).toBe(1);
  });

  it('trades of an unknown pair are skipped', async () => {
    const h = await setup();
    h.trade(1, 2, 1_000_000, 3_000_000, 'buy', 'DOGE/USDT');
    h.service.start();
    expect(h.rows()).toEqual([]);
    expect(h.paid).toEqual([]);
    h.service.stop();
    expect(h.cursor()).toBe(1);
  });

  it('works through more than one chunk of 500 referred trades', async () => {
    const h = await setup('1');
    for (let i = 0; i < 1201; i++) h.trade(3, 1, 0, 100);
    h.service.start();
    expect(h.rows()).toHaveLength(1201);
    expect(h.spot(10, 'BTC')).toBe(120_100n);
    // One payment per chunk: 500, 500, 201.
    expect(h.paid).toEqual([[10], [10], [10]]);
    expect(h.cursor()).toBe(1201);
    h.service.stop();
  });

  it('moves the cursor past unreferred trades in memory, saving it with the timer or at stop', async () => {
    vi.useFakeTimers();
    const h = await setup();
    h.service.start();
    expect(h.cursor()).toBe(0);
    h.trade(3, 3, 5, 5);
    h.trade(3, 3, 5, 5);
    h.service.runNow();
    expect(h.cursor()).toBe(0);
    vi.advanceTimersByTime(4_999);
    expect(h.cursor()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.cursor()).toBe(2);
    h.trade(3, 3, 5, 5);
    h.service.runNow();
    h.service.stop();
    expect(h.cursor()).toBe(3);
    // Stopped: no timer saves any more.
    h.trade(3, 3, 5, 5);
    h.service.runNow();
    vi.advanceTimersByTime(10_000);
    expect(h.cursor()).toBe(3);
  });

  it('schedule pays once after the current batch, and never once stopped', async () => {
    const h = await setup();
    h.service.schedule();
    h.trade(1, 2, 1_000_000, 3_000_000);
    await new Promise((r) => setImmediate(r));
    expect(h.rows()).toEqual([]);
    h.service.start();
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    h.service.schedule();
    expect(h.rows()).toHaveLength(2);
    await new Promise((r) => setImmediate(r));
    expect(h.rows()).toHaveLength(4);
    expect(h.paid).toHaveLength(2);
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    h.service.stop();
    await new Promise((r) => setImmediate(r));
    expect(h.rows()).toHaveLength(4);
  });

  it('a referred maker against an unreferred taker: the maker’s inviter is paid', async () => {
    const h = await setup();
    h.trade(1, 3, 1_000_000, 3_000_000); // taker 3 (no inviter) buys: maker 1 pays USDT
    h.service.start();
    expect(h.spot(10, 'USDT')).toBe(200_000n);
    expect(h.rows()).toHaveLength(1);
    h.service.stop();
  });

  it('finds a referred trade behind a full scan page of 2 000 unreferred trades in one run', async () => {
    const h = await setup();
    for (let i = 0; i < 2000; i++) h.trade(3, 3, 5, 5);
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.start();
    expect(h.rows().map((r) => (r as { trade_id: number }).trade_id)).toEqual([2001, 2001]);
    expect(h.cursor()).toBe(2001);
    h.service.stop();
  });

  it('a second burst after the first scheduled run is paid too', async () => {
    const h = await setup();
    h.service.start();
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    await new Promise((r) => setImmediate(r));
    expect(h.rows()).toHaveLength(2);
    h.trade(1, 2, 1_000_000, 3_000_000);
    h.service.schedule();
    await new Promise((r) => setImmediate(r));
    expect(h.rows()).toHaveLength(4);
    h.service.stop();
  });

  it('reports a failure instead of throwing', async () => {
    const h = await setup();
    h.service.start();
    h.sqlite.exec('drop table identity_rebate_cursor');
    h.trade(1, 2, 1_000_000, 3_000_000);
    expect(() => h.service.runNow()).not.toThrow();
    expect(h.errors).toHaveLength(1);
    expect(h.rows()).toEqual([]);

    const s = await setup();
    s.service.start();
    s.trade(3, 3, 5, 5);
    s.service.runNow();
    s.sqlite.exec('drop table identity_rebate_cursor');
    expect(() => s.service.stop()).not.toThrow();
    expect(s.errors).toHaveLength(1);
  });
});
