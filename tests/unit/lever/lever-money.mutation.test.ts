// The contract money moves of server/lever/money.ts, each asserted as the balances of the user's
// `lever` account (available, frozen) and the house after the ledger transaction, plus the receipts.
// Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import type { PairInfo } from '../../../domain';
import { AppError } from '../../../server/http/app-error';
import { HOUSE_USER_ID, WORLD_USER_ID, ledgerViolations, type Holder } from '../../../server/ledger';
import type { TapeTrade } from '../../../server/market/trade-tape';
import {
  holdersOf,
  liquidationTicks,
  openCost,
  openReceipt,
  post,
  postCancel,
  postClose,
  postEntrust,
  postEntry,
  postOpen,
  postOvernight,
  signedUnits,
} from '../../../server/lever/money';
import type { LeverRow } from '../../../server/lever/store';
import { PairUnits } from '../../../server/shared/units';
import { openTestLedger } from '../../support/db';
import { leverRow, query } from './lever-harness';

const PAIR: PairInfo = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading',
};
const UNITS = new PairUnits(PAIR);
const U = 100_000_000n;
const USER = 7;

const WALLET: Holder = { userId: USER, account: 'lever', coin: 'USDT' };
const HOUSE: Holder = { userId: HOUSE_USER_ID, account: 'lever', coin: 'USDT' };

/**
 * A test database with its ledger (the server's default, database authority) and `grant` in the
 * user's lever account. `run(fn)` runs the synchronous money move `fn` as the lever engine does:
 * inside a writer command, after loading the holders `holdersOf` names for the order.
 */
async function setup(grant = 1000n * U) {
  const db = await openTestLedger();
  const { ledger } = db;
  if (grant > 0n) {
    await db.engine.writer.run(() =>
      ledger.transfer(
        { kind: 'demo.leverGrant', refType: 'test', refId: '0', actor: 'test' },
        { userId: WORLD_USER_ID, account: 'lever', coin: 'USDT' },
        WALLET,
        grant,
      ),
    );
  }
  const run = <T>(fn: () => T): Promise<T> =>
    db.engine.writer.run(async () => {
      await ledger.load(holdersOf([row()]));
      return fn();
    });
  const bal = () => ledger.balance(WALLET);
  const house = async () => (await ledger.balance(HOUSE)).available;
  const kinds = async () =>
    (await query(db, 'select kind, ref_type, ref_id, actor from ledger_tx order by id')).slice(
      grant > 0n ? 1 : 0,
    );
  return { db, ledger, run, bal, house, kinds };
}

/** A long of user 7 of 10 hands of 0.01 BTC opened at 64 000.00, margin 64, open fee 0.64. */
const row = (over: Partial<LeverRow> = {}): LeverRow => leverRow({ userId: USER, ...over });

const trade = (priceTicks: number, id = 9, ts = 5000): TapeTrade =>
  ({ id, symbol: 'BTC/USDT', priceTicks, price: UNITS.price(priceTicks), lots: 1, ts }) as TapeTrade;

describe('lever money helpers', () => {
  it('signed units of a decimal string', async () => {
    expect(signedUnits('-1.5')).toBe(-150_000_000n);
    expect(signedUnits('2.25')).toBe(225_000_000n);
    expect(signedUnits('0')).toBe(0n);
  });

  it('the open cost at a price: margin = notional ÷ multiple, fee = rate × notional, both floored', async () => {
    // 3 hands of 0.01 at 64 000.01 = 1920.0003 notional.
    expect(openCost(UNITS, 6_400_001, 3, '0.01', 7, '0.0005')).toEqual({
      margin: 27_428_575_714n, // 274.28575714…, floored
      fee: 96_000_015n, // 0.96000015
    });
  });

  it('the liquidation trigger in ticks, or null when a long can never fall that far', async () => {
    // Long 10 × 0.01 at 64 000 with 64 margin: liquidated at 20 % risk when the price loses
    // 0.8 × 64 / 0.1 = 512, at 63 488.00.
    expect(liquidationTicks(row(), UNITS, '0.2')).toBe(6_348_800);
    expect(liquidationTicks(row({ side: 'short' }), UNITS, '0.2')).toBe(6_451_200);
    // A margin of the whole notional at ratio 0: the long would have to reach 0.
    expect(liquidationTicks(row({ multiple: 1, marginUnits: 6400n * U }), UNITS, '0')).toBeNull();
  });

  it('an overdraft becomes "insufficientBalance", any other failure passes through', async () => {
    const { ledger, run } = await setup(0n);
    const m = { kind: 'lever.open' as const, refType: 'lever_orders', refId: '1', actor: 'x' };
    let caught: unknown;
    try {
      await run(() =>
        post(ledger, m, [
          { ...WALLET, field: 'available', delta: -1n },
          { ...WALLET, field: 'frozen', delta: 1n },
        ]),
      );
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).key).toBe('insufficientBalance');
    await expect(run(() => post(ledger, m, [{ ...WALLET, field: 'available', delta: 1n }]))).rejects.toThrow(
      /unbalanced/,
    );
  });

  it("names the user's and the house's lever accounts of each order, for one load", () => {
    expect(holdersOf([row(), row({ userId: 9, coin: 'USDC' })])).toEqual([
      WALLET,
      HOUSE,
      { userId: 9, account: 'lever', coin: 'USDC' },
      { userId: HOUSE_USER_ID, account: 'lever', coin: 'USDC' },
    ]);
  });
});

describe('lever ledger moves', () => {
  it('a market open freezes the margin and pays the open fee to the house', async () => {
    const h = await setup();
    const txId = await h.run(() => postOpen(h.ledger, row()));
    expect(await h.bal()).toEqual({ available: 1000n * U - 64n * U - 64_000_000n, frozen: 64n * U });
    expect(await h.house()).toBe(64_000_000n);
    expect(await h.kinds()).toEqual([
      { kind: 'lever.open', ref_type: 'lever_orders', ref_id: '42', actor: 'user:7' },
    ]);
    expect(txId).toBe(2);
  });

  it('a limit order freezes margin and fee; its entry pays the fee; a cancel unfreezes both', async () => {
    const h = await setup();
    await h.run(() => postEntrust(h.ledger, row({ type: 'limit', status: 'entrusting' })));
    expect(await h.bal()).toEqual({ available: 1000n * U - 6_464_000_000n, frozen: 6_464_000_000n });
    expect(await h.house()).toBe(0n);
    await h.run(() => postEntry(h.ledger, row({ type: 'limit' })));
    expect(await h.bal()).toEqual({ available: 1000n * U - 6_464_000_000n, frozen: 64n * U });
    expect(await h.house()).toBe(64_000_000n);

    const c = await setup();
    await c.run(() => postEntrust(c.ledger, row({ type: 'limit', status: 'entrusting' })));
    await c.run(() => postCancel(c.ledger, row({ type: 'limit', status: 'cancelled' })));
    expect(await c.bal()).toEqual({ available: 1000n * U, frozen: 0n });
    expect(await c.kinds()).toEqual([
      { kind: 'lever.entrust', ref_type: 'lever_orders', ref_id: '42', actor: 'user:7' },
      { kind: 'lever.cancel', ref_type: 'lever_orders', ref_id: '42', actor: 'user:7' },
    ]);
    expect((await h.kinds())[1]).toMatchObject({ kind: 'lever.limitEntry', actor: 'engine' });
  });

  it('the overnight fee comes from available when it covers it', async () => {
    const h = await setup();
    await h.run(() => postOpen(h.ledger, row()));
    const before = await h.bal();
    // 0.0005 of the 6400 notional at the open price: 3.2.
    expect(await h.run(() => postOvernight(h.ledger, row(), UNITS, '0.0005'))).toMatchObject({
      taken: 320_000_000n,
      from: 'available',
    });
    expect(await h.bal()).toEqual({ available: before.available - 320_000_000n, frozen: 64n * U });
    expect(await h.house()).toBe(64_000_000n + 320_000_000n);
    expect((await h.kinds())[1]).toMatchObject({ kind: 'lever.overnightFee', actor: 'system' });
  });

  it('a fee above the margin is still taken whole from available when available covers it', async () => {
    const h = await setup();
    const small = row({ marginUnits: 100_000_000n });
    expect(await h.run(() => postOvernight(h.ledger, small, UNITS, '0.0005'))).toMatchObject({
      taken: 320_000_000n,
      from: 'available',
    });
    expect((await h.bal()).available).toBe(1000n * U - 320_000_000n);
  });

  it('an overnight fee exactly equal to available is still taken from available', async () => {
    const h = await setup(64n * U + 64_000_000n + 320_000_000n);
    await h.run(() => postOpen(h.ledger, row()));
    expect(await h.run(() => postOvernight(h.ledger, row(), UNITS, '0.0005'))).toMatchObject({
      from: 'available',
    });
    expect(await h.bal()).toEqual({ available: 0n, frozen: 64n * U });
  });

  it('without enough available, from the margin, at most all of it', async () => {
    const h = await setup(64n * U + 64_000_000n + 1n);
    await h.run(() => postOpen(h.ledger, row()));
    expect(await h.run(() => postOvernight(h.ledger, row(), UNITS, '0.0005'))).toMatchObject({
      taken: 320_000_000n,
      from: 'margin',
    });
    expect(await h.bal()).toEqual({ available: 1n, frozen: 64n * U - 320_000_000n });
    // A fee above what margin remains takes exactly the margin.
    const small = row({ marginUnits: 100_000_000n });
    expect(await h.run(() => postOvernight(h.ledger, small, UNITS, '0.0005'))).toMatchObject({
      taken: 100_000_000n,
      from: 'margin',
    });
    expect(await h.bal()).toEqual({ available: 1n, frozen: 64n * U - 420_000_000n });
    // A fee equal to the margin takes it all too.
    const equal = row({ marginUnits: 320_000_000n });
    expect(await h.run(() => postOvernight(h.ledger, equal, UNITS, '0.0005'))).toMatchObject({
      taken: 320_000_000n,
    });
    expect(await h.house()).toBe(64_000_000n + 740_000_000n);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('no overnight fee at a zero rate, or from a position without margin', async () => {
    const h = await setup();
    expect(await h.run(() => postOvernight(h.ledger, row(), UNITS, '0'))).toBeNull();
    const none = await setup(0n);
    expect(
      await none.run(() => postOvernight(none.ledger, row({ marginUnits: 0n }), UNITS, '0.0005')),
    ).toBeNull();
    expect(await none.kinds()).toEqual([]);
  });
});

describe('closing a position', () => {
  it('a winning long: margin released, PnL paid by the house, close fee kept; a full receipt', async () => {
    const h = await setup();
    const r = row();
    await h.run(() => postOpen(h.ledger, r));
    const entry = trade(6_400_000, 1, 1000);
    // Close at 64 100.00: PnL +10, close fee 0.001 × 6410 = 6.41, payout 64 + 10 − 6.41.
    const receipt = await h.run(() =>
      postClose(h.ledger, r, UNITS, trade(6_410_000), 'tp', '0.001', 'engine', 7000, entry),
    );
    expect(await h.bal()).toEqual({ available: 1000n * U - 64_640_000_00n + 6_759_000_000n, frozen: 0n });
    expect(await h.house()).toBe(64_000_000n + 64n * U - 6_759_000_000n);
    expect(r).toMatchObject({
      status: 'closed',
      closeTicks: 6_410_000,
      closeTradeId: 9,
      closeRule: 'tp',
      pnlUnits: 10n * U,
      closeFeeUnits: 641_000_000n,
      closedAt: 7000,
      updatedAt: 7000,
    });
    expect(receipt).toEqual({
      rule: 'tp',
      trades: [
        { role: 'entry', id: 1, price: '64000.00', ts: 1000 },
        { role: 'exit', id: 9, price: '64100.00', ts: 5000 },
      ],
      amounts: [
        { label: 'margin', coin: 'USDT', amount: '64.00000000' },
        { label: 'pnl', coin: 'USDT', amount: '10.00000000' },
        { label: 'closeFee', coin: 'USDT', amount: '-6.41000000' },
        { label: 'payout', coin: 'USDT', amount: '67.59000000' },
      ],
      ledgerTxId: 3,
      ts: 7000,
    });
    expect(r.receipt).toBe(receipt);
    expect((await h.kinds())[1]).toMatchObject({ kind: 'lever.tp', actor: 'engine' });
  });

  it('a loss beyond the margin: payout 0, the house covers the gap and the receipt says so', async () => {
    const h = await setup();
    const r = row({ type: 'limit' });
    await h.run(() => postOpen(h.ledger, r));
    // A short's loss: closed at 64 700 on a short opened at 64 000 loses 70 > 64 margin.
    const s = row({ side: 'short', type: 'limit' });
    const receipt = await h.run(() =>
      postClose(h.ledger, s, UNITS, trade(6_470_000), 'liquidation', '0', 'engine', 9, trade(1, 3, 4)),
    );
    expect(s.pnlUnits).toBe(-70n * U);
    expect(receipt.trades[0]).toEqual({ role: 'trigger', id: 3, price: '0.01', ts: 4 });
    expect(receipt.amounts).toEqual([
      { label: 'margin', coin: 'USDT', amount: '64.00000000' },
      { label: 'pnl', coin: 'USDT', amount: '-70.00000000' },
      { label: 'closeFee', coin: 'USDT', amount: '0.00000000' },
      { label: 'payout', coin: 'USDT', amount: '0.00000000' },
      { label: 'houseCover', coin: 'USDT', amount: '6.00000000' },
    ]);
    expect((await h.bal()).frozen).toBe(0n);
    expect(await h.house()).toBe(64_000_000n + 64n * U);
  });

  it('without an entry trade the receipt names the exit only; an option expiry is no close', async () => {
    const h = await setup();
    const r = row();
    await h.run(() => postOpen(h.ledger, r));
    const receipt = await h.run(() =>
      postClose(h.ledger, r, UNITS, trade(6_400_000), 'close', '0', 'user:7', 3, undefined),
    );
    expect(receipt.trades).toEqual([{ role: 'exit', id: 9, price: '64000.00', ts: 5000 }]);
    expect(r.pnlUnits).toBe(0n);
    expect((await h.kinds())[1]).toMatchObject({ kind: 'lever.close', actor: 'user:7' });
    const again = row();
    await expect(
      h.run(() => postClose(h.ledger, again, UNITS, trade(1), 'expiry', '0', 'x', 3, undefined)),
    ).rejects.toThrow(/expiry/);
    expect(again.status).toBe('trading');
  });

  it('the receipt of an opening names its trade, margin and fee', async () => {
    const r = row();
    expect(openReceipt(r, trade(6_400_000, 5, 11), 'open', 8, 12)).toEqual({
      rule: 'open',
      trades: [{ role: 'entry', id: 5, price: '64000.00', ts: 11 }],
      amounts: [
        { label: 'margin', coin: 'USDT', amount: '64.00000000' },
        { label: 'openFee', coin: 'USDT', amount: '-0.64000000' },
      ],
      ledgerTxId: 8,
      ts: 12,
    });
    expect(openReceipt(r, trade(6_400_000, 5, 11), 'limitEntry', 8, 12).trades[0]!.role).toBe('trigger');
  });
});
