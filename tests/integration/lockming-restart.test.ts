// Daily payouts across restarts on a test clock: the days that fell due while the server was down
// are paid once at the next start, none twice, none missed, and maturity comes exactly once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { toUnits } from '../../domain';
import type { LockmingPosition } from '../../domain/lockming-types';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { dataOf, violations } from '../support/assets';
import {
  createProduct,
  financeOf,
  fundReserve,
  lock,
  position,
  reserveOf,
  saver,
  startLockmingServer,
  type LockmingServer,
} from '../support/lockming';
import { removeTestData } from '../support/server';
import { withServerDb } from '../support/server-db';
import { replayLockming } from './lockming-replayer';

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 10, 10);
const MIDNIGHT = Date.UTC(2030, 0, 11);
const DECIMALS = Object.fromEntries(DEFAULT_CATALOG.coins.map((c) => [c.symbol, c.decimals]));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockming-restart-'));
let running: LockmingServer | undefined;
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  await removeTestData(dir);
});

/** Stops the running server and starts one on the same data at `clockAt` (its catch-up runs). */
async function restart(clockAt: number): Promise<LockmingServer> {
  await running?.stop();
  running = await startLockmingServer({ dataDir: dir, clockAt });
  return running;
}

async function sound(s: LockmingServer) {
  expect(await violations(s.dataDir)).toEqual([]);
  const r = await withServerDb(s.dataDir, (db) => replayLockming(db, DECIMALS, '00:00', s.clock.now), {
    bigints: true,
  });
  expect(r.mismatches).toEqual([]);
  return r;
}

it('pays each day once across restarts, catches up the missed days, matures once', async () => {
  let s = await restart(T0);
  await fundReserve(dir, 'USDT', '100');
  const id = await createProduct(s.origin, {
    kind: 'lock',
    coin: 'USDT',
    name: 'Restart lock',
    days: 5,
    dailyRate: '0.001',
    minAmount: '100',
    opensAt: T0,
  });
  const u = await saver(s, '1000');
  const p = dataOf<LockmingPosition>(await lock(s.origin, u, id, '500'));

  // Day 1 paid by the running server.
  s.clock.now = MIDNIGHT + 1_000;
  await s.payouts();
  await s.payouts();
  expect((await position(s.origin, u, p.id)).daysPaid).toBe(1);

  // Down over days 2 and 3: the next start pays both, in order, once.
  s = await restart(MIDNIGHT + 2 * DAY + 30 * 60_000);
  expect(await position(s.origin, u, p.id)).toMatchObject({ daysPaid: 3, interest: '1.500000' });
  await s.payouts();
  s = await restart(MIDNIGHT + 2 * DAY + 40 * 60_000);
  expect((await position(s.origin, u, p.id)).daysPaid).toBe(3);
  expect(await financeOf(dir, u.id)).toEqual({ available: toUnits('501.5'), frozen: toUnits('500') });
  expect((await sound(s)).payouts).toBe(3);

  // Down past maturity: days 4 and 5 come at the next start, the last with the principal.
  s = await restart(MIDNIGHT + 10 * DAY);
  expect(await position(s.origin, u, p.id)).toMatchObject({
    status: 'expired',
    ended: 'maturity',
    daysPaid: 5,
    interest: '2.500000',
    endedAt: MIDNIGHT + 4 * DAY,
  });
  s = await restart(MIDNIGHT + 11 * DAY);
  expect(await financeOf(dir, u.id)).toEqual({ available: toUnits('1002.5'), frozen: 0n });
  expect(await reserveOf(dir)).toEqual({ available: toUnits('97.5'), frozen: 0n });
  expect((await sound(s)).payouts).toBe(5);
});
