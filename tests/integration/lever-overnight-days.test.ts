// The overnight fee is charged once per UTC day, whatever time of day the catalog names across
// restarts (issue 30, item 6): moving the time later the same day charges nobody again, moving it
// earlier neither charges the day twice nor skips the next one. Each server starts on a fixed clock;
// the catch-up at start is the run under test.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { toUnits, type LeverOrder } from '../../domain';
import { dataOf } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  expectLedgerSound,
  lever,
  leverBalance,
  openOrder,
  spotPair,
  startLeverServer,
  TEST_CATALOG,
  trader,
  type LeverServer,
  type Trader,
} from '../support/lever';
import { removeTestData } from '../support/server';

const D = Date.UTC(2030, 0, 10);
const H = 3_600_000;
const M = 60_000;
/** One night of a 10-hand BTC long at 64000: 0.01 BTC × 64000 × 0.0003. */
const NIGHT = toUnits('0.192');

const dirs: string[] = [];
let running: LeverServer | undefined;
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  for (const d of dirs) await removeTestData(d);
});

/** Makes one spot trade on the current server (the contract price for a market open). */
const tradeAt = async (s: LeverServer, price: string) => (await spotPair(s))('BTC/USDT', price, '0.01');

/** Stops the running server and starts one on `dataDir` at `clockAt` with the overnight time `hhmm`. */
async function restart(dataDir: string, hhmm: string, clockAt: number): Promise<LeverServer> {
  await running?.stop();
  running = await startLeverServer({
    dataDir,
    overnightTimer: true,
    clockAt,
    catalog: { ...TEST_CATALOG, lever: { ...TEST_CATALOG.lever!, overnightAtUtc: hhmm } },
  });
  return running;
}

const feesOf = async (s: LeverServer, u: Trader, id: number) =>
  dataOf<LeverOrder>(await lever(s, u, 'lever/order', { id })).overnightFees;

/** The recorded runs: fee day, instant and positions charged. */
function runs(dataDir: string): Promise<Array<{ day: string; at: number; positions: number }>> {
  return withServerDb(dataDir, (db) =>
    db.all<{ day: string; at: number; positions: number }>(
      'select day, at, positions from lever_overnight_runs order by day',
    ),
  );
}

describe('overnight fee days across restarts with a changed time', () => {
  it('14:59 → 15:00 → 15:01 the same day charges once; the next day charges again at 15:01', async () => {
    const dir = fs.mkdtempSync('/tmp/lever-days-later-');
    dirs.push(dir);
    let s = await restart(dir, '14:59', D + 14 * H);
    await tradeAt(s, '64000.00');
    const u = await trader(s, '1000');
    const o = await openOrder(s, u, {});

    s = await restart(dir, '14:59', D + 14 * H + 59 * M + 30_000);
    expect(await feesOf(s, u, o.id)).toBe('0.19200000');
    s = await restart(dir, '15:00', D + 15 * H + 30_000);
    expect(await feesOf(s, u, o.id)).toBe('0.19200000');
    s = await restart(dir, '15:01', D + 15 * H + M + 30_000);
    expect(await feesOf(s, u, o.id)).toBe('0.19200000');
    expect((await leverBalance(s, u.id)).available).toBe(toUnits('935.68') - NIGHT);

    s = await restart(dir, '15:01', D + 24 * H + 15 * H + M + 30_000);
    expect(await feesOf(s, u, o.id)).toBe('0.38400000');
    expect((await leverBalance(s, u.id)).available).toBe(toUnits('935.68') - 2n * NIGHT);
    expect(await runs(dir)).toEqual([
      { day: '2030-01-09', at: D - 24 * H + 14 * H + 59 * M, positions: 0 },
      { day: '2030-01-10', at: D + 14 * H + 59 * M, positions: 1 },
      { day: '2030-01-11', at: D + 24 * H + 15 * H + M, positions: 1 },
    ]);
    await expectLedgerSound(s);
  });

  it('15:00 → 14:00 after the day ran: no second charge that day, the next day charged at 14:00', async () => {
    const dir = fs.mkdtempSync('/tmp/lever-days-earlier-');
    dirs.push(dir);
    let s = await restart(dir, '15:00', D + 14 * H);
    await tradeAt(s, '64000.00');
    const u = await trader(s, '1000');
    const first = await openOrder(s, u, {});

    s = await restart(dir, '15:00', D + 15 * H + 30 * M);
    expect(await feesOf(s, u, first.id)).toBe('0.19200000');
    // Opened after day D's run: its first night is D + 1.
    s.clock.now = D + 15 * H + 45 * M;
    await tradeAt(s, '64000.00');
    const second = await openOrder(s, u, {});

    s = await restart(dir, '14:00', D + 16 * H);
    expect(await feesOf(s, u, first.id)).toBe('0.19200000');
    expect(await feesOf(s, u, second.id)).toBe('0.00000000');

    // D + 1 before 14:00: nothing yet. A position opened at 14:10, after the instant, before the run.
    s = await restart(dir, '14:00', D + 24 * H + 13 * H);
    expect(await feesOf(s, u, first.id)).toBe('0.19200000');
    s.clock.now = D + 24 * H + 14 * H + 10 * M;
    await tradeAt(s, '64000.00');
    const third = await openOrder(s, u, {});

    s = await restart(dir, '14:00', D + 24 * H + 14 * H + 30 * M);
    expect(await feesOf(s, u, first.id)).toBe('0.38400000');
    expect(await feesOf(s, u, second.id)).toBe('0.19200000');
    expect(await feesOf(s, u, third.id)).toBe('0.00000000');
    expect((await runs(dir)).map((r) => [r.day, r.at, r.positions])).toEqual([
      ['2030-01-09', D - 24 * H + 15 * H, 0],
      ['2030-01-10', D + 15 * H, 1],
      ['2030-01-11', D + 24 * H + 14 * H, 2],
    ]);
    expect((await leverBalance(s, u.id)).available).toBe(
      toUnits('1000') - 3n * toUnits('64.32') - 3n * NIGHT,
    );
    await expectLedgerSound(s);
  });
});
