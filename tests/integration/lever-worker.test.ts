// The worker core in Node against the real server: the demo account (with its journaled demo lever
// grant) previews, opens and closes a position, and sees its PnL move with each spot trade.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../worker/core';
import type { LeverLiveState } from '../../worker/core-api';
import { expectLedgerSound, spotPair, startLeverServer, type LeverServer } from '../support/lever';

let s: LeverServer;
let core: Core;
let trade: Awaited<ReturnType<typeof spotPair>>;
const states: LeverLiveState[] = [];

async function until<T>(what: string, probe: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const last = () => states[states.length - 1];

beforeAll(async () => {
  s = await startLeverServer();
  trade = await spotPair(s);
  await trade('BTC/USDT', '64000.00', '0.01');
  core = createCore({
    fetch: (u, i) => fetch(u, i),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName: `lever-it-${process.pid}`,
  });
  await core.init({ origin: s.origin, socketPath: '/ws' });
  const login = await core.call('user/login', { account: 'demo@example.com', password: 'Demo1234' });
  expect(login).toMatchObject({ ok: true });
});
afterAll(async () => {
  await core?.dispose();
  await s?.close();
});

describe('worker core: lever positions live', () => {
  it('previews exactly what the server charges, then marks the position on every trade', async () => {
    const balances = await core.call('assets/balances', {});
    const lever = balances.ok ? balances.data.find((b) => b.account === 'lever' && b.coin === 'USDT') : null;
    expect(lever?.available).toBe('10000.00000000');
    const config = await core.call('lever/config', {});
    if (!config.ok) throw new Error('config');
    const preview = await core.previewLever({
      side: 'long',
      price: '64000.00',
      hands: 10,
      multiple: 10,
      lot: config.data.pairs[0]!.lot,
      tickSize: '0.01',
      openFeeRate: config.data.openFeeRate,
      overnightRate: config.data.overnightRate,
      liquidationRiskRate: config.data.liquidationRiskRate,
      available: lever!.available,
    });
    const id = await core.watchLever((st) => states.push(st));
    await until('the first load', () => (last()?.loadedAt ? true : undefined));
    const opened = await core.call('lever/open', {
      symbol: 'BTC/USDT',
      side: 'long',
      type: 'market',
      multiple: 10,
      hands: 10,
    });
    if (!opened.ok) throw new Error(JSON.stringify(opened));
    expect(opened.data.margin).toBe(preview.margin);
    expect(opened.data.openFee).toBe(preview.openFee);
    expect(opened.data.liquidationPrice).toBe(preview.liquidationPrice);

    await until('the position in the live state', () =>
      last()?.positions.find((p) => p.id === opened.data.id),
    );
    await trade('BTC/USDT', '64500.00', '0.01');
    const marked = await until('the PnL at 64500', () =>
      last()?.positions.find((p) => p.id === opened.data.id && p.mark === '64500.00'),
    );
    expect(marked).toMatchObject({ livePnl: '5.00000000', riskRate: '1.0781', nearLiquidation: false });
    expect(last()?.unrealized).toEqual({ USDT: '5.00000000' });
    await trade('BTC/USDT', '59500.00', '0.01');
    const near = await until('the warning near liquidation', () =>
      last()?.positions.find((p) => p.id === opened.data.id && p.mark === '59500.00'),
    );
    expect(near).toMatchObject({ livePnl: '-45.00000000', riskRate: '0.2968', nearLiquidation: true });

    const closed = await core.call('lever/close', { id: opened.data.id });
    expect(closed.ok && closed.data.status).toBe('closed');
    await until('the position gone', () => (last()?.positions.length === 0 ? true : undefined));
    await core.unwatchLever(id);
    await expectLedgerSound(s);
  });

  it('sets TP/SL, sees a TP fire and a liquidation close by trades, and closes the rest in one batch', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const id = await core.watchLever((st) => states.push(st));
    const open = async (fields: Record<string, string | number>) => {
      const out = await core.call('lever/open', {
        symbol: 'BTC/USDT',
        side: 'long',
        type: 'market',
        multiple: 10,
        hands: 10,
        ...fields,
      });
      if (!out.ok) throw new Error(JSON.stringify(out));
      return out.data;
    };
    const tp = await open({});
    const set = await core.call('lever/tpsl', { id: tp.id, tp: '64800', sl: '' });
    expect(set.ok && set.data.tp).toBe('64800.00');
    const bad = await core.call('lever/tpsl', { id: tp.id, sl: '50000' });
    expect(bad).toMatchObject({
      ok: false,
      intent: 'message',
      messageKey: 'leverSlBeyondLiquidation',
      field: 'sl',
    });
    const liq = await open({ multiple: 100, side: 'short' });
    const a = await open({ side: 'short', multiple: 5 });
    const b = await open({ side: 'short', multiple: 5, hands: 3 });
    await until('four open positions', () => (last()?.totals.all.count === 4 ? true : undefined));
    // 64 900: the long's TP (64 800) and the 100× short's liquidation (64 512) both fire.
    await trade('BTC/USDT', '64900.00', '0.01');
    await until('two positions left', () => (last()?.totals.all.count === 2 ? true : undefined));
    const orders = await core.call('lever/orders', { status: 'closed' });
    if (!orders.ok) throw new Error('orders');
    const rule = (oid: number) => orders.data.find((o) => o.id === oid)?.receipt?.rule;
    expect([rule(tp.id), rule(liq.id)]).toEqual(['tp', 'liquidation']);
    // The shorts are re-marked at 64 900 once that trade reaches the worker.
    await until('the shorts marked at 64900', () =>
      last()?.totals.short.pnl.USDT === '-11.70000000' ? true : undefined,
    );
    expect(last()?.totals.short.count).toBe(2);
    const batch = await core.call('lever/closeAll', { scope: 'short' });
    expect(batch.ok && batch.data.closed.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    await until('no positions', () => (last()?.totals.all.count === 0 ? true : undefined));
    await core.unwatchLever(id);
    await expectLedgerSound(s);
  });

  it('shows the positions it last loaded, dated, when the server cannot be reached', async () => {
    await trade('BTC/USDT', '64000.00', '0.01');
    const id = await core.watchLever((st) => states.push(st));
    const opened = await core.call('lever/open', {
      symbol: 'BTC/USDT',
      side: 'long',
      type: 'market',
      multiple: 10,
      hands: 2,
    });
    if (!opened.ok) throw new Error(JSON.stringify(opened));
    await core.reloadLever(id);
    const loadedAt = last()!.loadedAt!;
    await core.unwatchLever(id);

    // The same device, offline: the worker answers from what it stored, with its date.
    const offline = createCore({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      WebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `lever-it-${process.pid}`,
      requestTimeoutMs: 2_000,
    });
    try {
      const seen: LeverLiveState[] = [];
      await offline.watchLever((st) => seen.push(st));
      const cached = await until('the cached positions', () => seen.find((st) => st.positions.length > 0));
      expect(cached.loadedAt).toBe(loadedAt);
      expect(cached.positions.map((p) => p.id)).toContain(opened.data.id);
      await until('the failed refresh', () => seen.find((st) => st.error !== null));
    } finally {
      await offline.dispose();
    }
    expect((await core.call('lever/close', { id: opened.data.id })).ok).toBe(true);
  });
});
