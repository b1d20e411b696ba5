import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toUnits, type LeverCloseAllRes, type LeverOrder } from '../../domain';
import { dataOf } from '../support/assets';
import {
  expectLedgerSound,
  keyOf,
  lever,
  leverBalance,
  leverSnapshot,
  openOrder,
  spotPair,
  startLeverServer,
  trader,
  type LeverServer,
} from '../support/lever';
import { replayClosed } from './lever-replay';
import { callOps } from '../support/withdrawals';

let s: LeverServer;
let trade: Awaited<ReturnType<typeof spotPair>>;
beforeAll(async () => {
  s = await startLeverServer();
  trade = await spotPair(s);
  await trade('BTC/USDT', '64000.00', '0.01');
  await trade('LTC/USDT', '80.00', '1');
});
afterAll(() => s?.close());
afterEach(() => expectLedgerSound(s));

const orderOf = async (u: Awaited<ReturnType<typeof trader>>, id: number) =>
  dataOf<LeverOrder>(await lever(s, u, 'lever/order', { id }));

describe('lever: open, TP/SL, close', () => {
  it('opens a long at the last trade, freezes the margin, pays the fee, and takes profit', async () => {
    const u = await trader(s, '1000');
    const o = await openOrder(s, u, {});
    expect(o).toMatchObject({
      status: 'trading',
      openPrice: '64000.00',
      margin: '64.00000000',
      openFee: '0.32000000',
      size: '0.01',
      liquidationPrice: '58880.00',
    });
    expect(await leverBalance(s, u.id)).toEqual({ available: toUnits('935.68'), frozen: toUnits('64') });
    expect(o.receipt).toBeNull();

    const set = dataOf<LeverOrder>(await lever(s, u, 'lever/tpsl', { id: o.id, tp: '65000', sl: '63000' }));
    expect(set).toMatchObject({ tp: '65000.00', sl: '63000.00' });
    await trade('BTC/USDT', '64500.00', '0.01');
    expect((await orderOf(u, o.id)).status).toBe('trading');
    await trade('BTC/USDT', '65000.00', '0.01');
    const done = await orderOf(u, o.id);
    expect(done).toMatchObject({
      status: 'closed',
      closePrice: '65000.00',
      pnl: '10.00000000',
      closeFee: '0.32500000',
    });
    expect(done.receipt?.rule).toBe('tp');
    expect(done.receipt?.amounts).toContainEqual({ label: 'payout', coin: 'USDT', amount: '73.67500000' });
    expect(await leverBalance(s, u.id)).toEqual({ available: toUnits('1009.355'), frozen: 0n });
  });

  it('closes by hand at the contract price', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(s, '1000');
    const o = await openOrder(s, u, { side: 'short', multiple: 20, hands: 5 });
    expect(o.margin).toBe('16.00000000');
    await trade('BTC/USDT', '63000.00', '0.01');
    const closed = dataOf<LeverOrder>(await lever(s, u, 'lever/close', { id: o.id }));
    expect(closed).toMatchObject({ status: 'closed', pnl: '5.00000000', closePrice: '63000.00' });
    expect(closed.receipt?.rule).toBe('close');
    expect(closed.receipt?.trades.map((t) => t.role)).toEqual(['entry', 'exit']);
  });

  it('a gap through several triggers fires them in price order; liquidation never costs more than the margin', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(s, '1000');
    const a = await openOrder(s, u, {});
    dataOf(await lever(s, u, 'lever/tpsl', { id: a.id, sl: '63000' }));
    const b = await openOrder(s, u, { multiple: 100 });
    expect(b.liquidationPrice).toBe('63488.00');
    const before = await leverBalance(s, u.id);
    await trade('BTC/USDT', '62000.00', '0.01');
    const [ra, rb] = [await orderOf(u, a.id), await orderOf(u, b.id)];
    expect(rb.receipt?.rule).toBe('liquidation');
    expect(ra.receipt?.rule).toBe('sl');
    // The liquidation (63488) is crossed before the stop (63000) on the way down.
    expect(rb.receipt!.ledgerTxId!).toBeLessThan(ra.receipt!.ledgerTxId!);
    expect(rb.receipt?.amounts).toContainEqual({ label: 'houseCover', coin: 'USDT', amount: '13.91000000' });
    expect(rb.receipt?.amounts).toContainEqual({ label: 'payout', coin: 'USDT', amount: '0.00000000' });
    expect(ra.receipt?.amounts).toContainEqual({ label: 'payout', coin: 'USDT', amount: '43.69000000' });
    const after = await leverBalance(s, u.id);
    expect(after.frozen).toBe(0n);
    expect(after.available - before.available).toBe(toUnits('43.69'));
  });

  it('limit orders wait, can be cancelled, and open at their price when a trade reaches it', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(s, '1000');
    const long = await openOrder(s, u, { type: 'limit', price: '63500' });
    expect(long).toMatchObject({ status: 'entrusting', margin: '63.50000000', openFee: '0.31750000' });
    const gone = await openOrder(s, u, { type: 'limit', price: '60000' });
    expect((await leverBalance(s, u.id)).frozen).toBe(toUnits('63.8175') + toUnits('60.3'));
    const cancelled = dataOf<LeverOrder>(await lever(s, u, 'lever/cancel', { id: gone.id }));
    expect(cancelled.status).toBe('cancelled');
    expect(keyOf(await lever(s, u, 'lever/cancel', { id: gone.id }))).toBe('leverNotEntrusting');
    const short = await openOrder(s, u, { type: 'limit', price: '64500', side: 'short' });
    await trade('BTC/USDT', '63400.00', '0.01');
    const opened = await orderOf(u, long.id);
    expect(opened).toMatchObject({ status: 'trading', openPrice: '63500.00', margin: '63.50000000' });
    expect((await orderOf(u, short.id)).status).toBe('entrusting');
    await trade('BTC/USDT', '64600.00', '0.01');
    expect(await orderOf(u, short.id)).toMatchObject({ status: 'trading', openPrice: '64500.00' });
    expect((await leverBalance(s, u.id)).frozen).toBe(toUnits('63.5') + toUnits('64.5'));
    const all = dataOf<LeverCloseAllRes>(await lever(s, u, 'lever/closeAll', { scope: 'all' }));
    expect(all.closed).toHaveLength(2);
  });

  it('closes all longs, then all shorts, then has nothing to close', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(s, '1000');
    await openOrder(s, u, {});
    await openOrder(s, u, { hands: 3 });
    await openOrder(s, u, { side: 'short' });
    const longs = dataOf<LeverCloseAllRes>(await lever(s, u, 'lever/closeAll', { scope: 'long' }));
    expect(longs.closed.map((o) => [o.side, o.receipt?.rule])).toEqual([
      ['long', 'batchClose'],
      ['long', 'batchClose'],
    ]);
    const positions = dataOf<LeverOrder[]>(await lever(s, u, 'lever/positions'));
    expect(positions.map((o) => o.side)).toEqual(['short']);
    const shorts = dataOf<LeverCloseAllRes>(await lever(s, u, 'lever/closeAll', { scope: 'short' }));
    expect(shorts.closed).toHaveLength(1);
    expect(keyOf(await lever(s, u, 'lever/closeAll', { scope: 'all' }))).toBe('leverNothingToClose');
    expect((await leverBalance(s, u.id)).frozen).toBe(0n);
  });

  it('charges the overnight fee once per instant: from available, else from the margin', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const rich = await trader(s, '1000');
    const poor = await trader(s, '64.32');
    const a = await openOrder(s, rich, {});
    const b = await openOrder(s, poor, {});
    const at = Date.now() + 60_000;
    const service = s.lever.service!;
    expect(await service.runOvernight(at)).toBeGreaterThanOrEqual(2);
    expect(await service.runOvernight(at)).toBe(0);
    expect(await orderOf(rich, a.id)).toMatchObject({ overnightFees: '0.19200000', margin: '64.00000000' });
    const pb = await orderOf(poor, b.id);
    expect(pb).toMatchObject({ overnightFees: '0.19200000', margin: '63.80800000' });
    // Less margin, a nearer liquidation price: 80 % of 63.808 over 0.01 BTC is 5104.64.
    expect(pb.liquidationPrice).toBe('58895.36');
    expect((await leverBalance(s, rich.id)).available).toBe(toUnits('935.68') - toUnits('0.192'));
    await lever(s, rich, 'lever/close', { id: a.id });
    await lever(s, poor, 'lever/close', { id: b.id });
  });
});

describe('lever: refusals change nothing', () => {
  it('refuses every bad request with its message key and leaves the database as it was', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(s, '100');
    const other = await trader(s, '1000');
    const theirs = await openOrder(s, other, {});
    const mine = await openOrder(s, u, { hands: 1 });
    const closed = await openOrder(s, u, { hands: 1 });
    dataOf(await lever(s, u, 'lever/close', { id: closed.id }));
    const before = await leverSnapshot(s, u.id);
    const cases: Array<[string, Parameters<typeof lever>[2], Record<string, string | number>]> = [
      ['handsOutOfBounds', 'lever/open', { hands: 0 }],
      ['handsOutOfBounds', 'lever/open', { hands: 501 }],
      ['leverHandsWhole', 'lever/open', { hands: '1.5' }],
      ['amountFormat', 'lever/open', { hands: 'abc' }],
      ['amountFormat', 'lever/open', { hands: '05' }],
      ['amountFormat', 'lever/open', { hands: '00' }],
      ['leverMultiple', 'lever/open', { multiple: 7 }],
      ['priceStep', 'lever/open', { type: 'limit', price: '63000.001' }],
      ['insufficientBalance', 'lever/open', { hands: 20 }],
      ['noOptimalPrice', 'lever/open', { symbol: 'ETH/USDT' }],
      ['leverPairDisabled', 'lever/open', { symbol: 'ETH/BTC' }],
      ['badRequest', 'lever/open', { side: 'up' }],
      ['leverTpSide', 'lever/tpsl', { id: mine.id, tp: '63000' }],
      ['leverSlSide', 'lever/tpsl', { id: mine.id, sl: '64500' }],
      ['leverSlBeyondLiquidation', 'lever/tpsl', { id: mine.id, sl: '58880' }],
      ['priceStep', 'lever/tpsl', { id: mine.id, tp: '65000.005' }],
      ['notFound', 'lever/close', { id: theirs.id }],
      ['notFound', 'lever/tpsl', { id: theirs.id, tp: '70000' }],
      ['leverNotOpen', 'lever/close', { id: closed.id }],
      ['notFound', 'lever/close', { id: 999999 }],
      ['badRequest', 'lever/closeAll', { scope: 'sideways' }],
    ];
    for (const [key, name, fields] of cases) {
      const base: Record<string, string | number> =
        name === 'lever/open'
          ? { symbol: 'BTC/USDT', side: 'long', type: 'market', multiple: 10, hands: 1 }
          : {};
      const reply = await lever(s, u, name, { ...base, ...fields });
      expect(`${name} ${JSON.stringify(fields)} → ${keyOf(reply)}`).toBe(
        `${name} ${JSON.stringify(fields)} → ${key}`,
      );
    }
    expect(await leverSnapshot(s, u.id)).toEqual(before);
    await lever(s, u, 'lever/close', { id: mine.id });
    await lever(s, other, 'lever/close', { id: theirs.id });
  });

  it('refuses an order past the house cap on net exposure, but takes one that reduces it', async () => {
    const u = await trader(s, '1000');
    const a = dataOf<LeverOrder>(
      await lever(s, u, 'lever/open', {
        symbol: 'LTC/USDT',
        side: 'long',
        type: 'market',
        multiple: 10,
        hands: 8,
      }),
    );
    const before = await leverSnapshot(s, u.id);
    const over = await lever(s, u, 'lever/open', {
      symbol: 'LTC/USDT',
      side: 'long',
      type: 'market',
      multiple: 10,
      hands: 3,
    });
    expect(keyOf(over)).toBe('leverExposureCap');
    expect(await leverSnapshot(s, u.id)).toEqual(before);
    const ops = await callOps(s.origin, 'GET', 'lever/exposure');
    const ltc = (ops.body.data as { pairs: Array<{ symbol: string }> }).pairs.find(
      (p) => p.symbol === 'LTC/USDT',
    );
    expect(ltc).toEqual({ symbol: 'LTC/USDT', long: 8, short: 0, net: 8, cap: 10, orders: 1 });
    const b = await lever(s, u, 'lever/open', {
      symbol: 'LTC/USDT',
      side: 'short',
      type: 'market',
      multiple: 10,
      hands: 3,
    });
    expect(keyOf(b)).toBe('ok');
    dataOf(await lever(s, u, 'lever/closeAll', { scope: 'all', symbol: 'LTC/USDT' }));
    expect(a.status).toBe('trading');
  });
});

describe('lever: concurrency', () => {
  it('50 parallel opens against a balance that allows 14: exactly 14 open, nothing overdrawn', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    // One open costs 64 margin + 0.32 fee.
    const u = await trader(s, '910.48');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        lever(s, u, 'lever/open', {
          symbol: 'BTC/USDT',
          side: 'long',
          type: 'market',
          multiple: 10,
          hands: 10,
        }),
      ),
    );
    const keys = replies.map(keyOf);
    expect(keys.filter((k) => k === 'ok')).toHaveLength(14);
    expect(keys.filter((k) => k !== 'ok').every((k) => k === 'insufficientBalance')).toBe(true);
    expect(await leverBalance(s, u.id)).toEqual({ available: toUnits('10'), frozen: toUnits('896') });
    // Ten closes of one position race: exactly one wins.
    const id = dataOf<LeverOrder>(replies.find((r) => keyOf(r) === 'ok')!).id;
    const closes = (
      await Promise.all(Array.from({ length: 10 }, () => lever(s, u, 'lever/close', { id })))
    ).map(keyOf);
    expect(closes.filter((k) => k === 'ok')).toHaveLength(1);
    expect(closes.filter((k) => k === 'leverNotOpen')).toHaveLength(9);
    dataOf(await lever(s, u, 'lever/closeAll', { scope: 'all' }));
    expect((await leverBalance(s, u.id)).frozen).toBe(0n);
  });
});

describe('lever: replay', () => {
  it('every closed position recomputes from spot_trades and its receipt', async () => {
    expect(await replayClosed(s.dataDir)).toBeGreaterThanOrEqual(15);
  });
});
