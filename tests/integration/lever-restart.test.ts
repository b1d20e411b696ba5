import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { LeverOrder } from '../../domain';
import { dataOf } from '../support/assets';
import {
  expectLedgerSound,
  lever,
  openOrder,
  spotPair,
  startLeverServer,
  trader,
  type LeverServer,
} from '../support/lever';
import { replayClosed } from './lever-replay';
import { removeTestData } from '../support/server';

const servers: LeverServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  if (servers[0]) await removeTestData(servers[0].dataDir);
});

describe('lever after a restart', () => {
  it('rebuilds positions and triggers and applies the trades made while it was down, in order', async () => {
    const a = await startLeverServer({ dataDir: fs.mkdtempSync('/tmp/lever-restart-') });
    servers.push(a);
    const trade = await spotPair(a);
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(a, '1000');
    const long = await openOrder(a, u, {});
    dataOf(await lever(a, u, 'lever/tpsl', { id: long.id, tp: '65000' }));
    const short = await openOrder(a, u, { side: 'short', type: 'limit', price: '64500' });
    await a.stop();

    // The spot market keeps trading while the lever area is down.
    const b = await startLeverServer({ dataDir: a.dataDir, withLever: false });
    servers.push(b);
    const tradeB = await spotPair(b);
    await tradeB('BTC/USDT', '64600.00', '0.01');
    await tradeB('BTC/USDT', '65100.00', '0.01');
    await b.stop();

    const c = await startLeverServer({ dataDir: a.dataDir });
    servers.push(c);
    const l = dataOf<LeverOrder>(await lever(c, u, 'lever/order', { id: long.id }));
    const sh = dataOf<LeverOrder>(await lever(c, u, 'lever/order', { id: short.id }));
    expect(l).toMatchObject({ status: 'closed', closePrice: '65100.00' });
    expect(l.receipt?.rule).toBe('tp');
    expect(sh).toMatchObject({ status: 'trading', openPrice: '64500.00' });
    // The short opened on the first trade after the restart point, the TP fired on the second.
    expect(sh.receipt).toBeNull();
    expect(l.receipt!.trades.find((t) => t.role === 'exit')!.price).toBe('65100.00');
    // Exactly once: a further restart applies nothing again.
    await c.stop();
    const d = await startLeverServer({ dataDir: a.dataDir });
    servers.push(d);
    const again = dataOf<LeverOrder[]>(await lever(d, u, 'lever/positions'));
    expect(again.map((o) => [o.id, o.status])).toEqual([[short.id, 'trading']]);
    dataOf(await lever(d, u, 'lever/closeAll', { scope: 'all' }));
    expect(await replayClosed(a.dataDir)).toBe(2);
    await expectLedgerSound(d);
  });
});

describe('lever overnight fee across a restart, on a simulated clock', () => {
  it('charges the night the server missed once, at start, to the positions open at that instant', async () => {
    const day = Date.UTC(2030, 0, 10);
    const a = await startLeverServer({
      dataDir: fs.mkdtempSync('/tmp/lever-overnight-'),
      overnightTimer: true,
      clockAt: day + 23 * 3_600_000,
    });
    servers.push(a);
    const trade = await spotPair(a);
    await trade('BTC/USDT', '64000.00', '0.01');
    const u = await trader(a, '1000');
    const o = await openOrder(a, u, {});
    await a.stop();

    // Back the next day at 01:00: the 00:00 run it missed charges the position once.
    const b = await startLeverServer({
      dataDir: a.dataDir,
      overnightTimer: true,
      clockAt: day + 25 * 3_600_000,
    });
    servers.push(b);
    const after = dataOf<LeverOrder>(await lever(b, u, 'lever/order', { id: o.id }));
    expect(after.overnightFees).toBe('0.19200000');
    await b.stop();
    const c = await startLeverServer({
      dataDir: a.dataDir,
      overnightTimer: true,
      clockAt: day + 26 * 3_600_000,
    });
    servers.push(c);
    const again = dataOf<LeverOrder>(await lever(c, u, 'lever/order', { id: o.id }));
    expect(again.overnightFees).toBe('0.19200000');
    await expectLedgerSound(c);
    await c.stop();
    await removeTestData(a.dataDir);
  });
});
