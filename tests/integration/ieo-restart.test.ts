// A window that ends while the server is down is allocated at the next start, exactly once; the
// timer keeps working after it. Runs with the catalog's default terms: the trade password is asked.
import { afterAll, expect, it } from 'vitest';
import { violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  createProject,
  fakeClock,
  mine,
  projectOf,
  S,
  startIeoServer,
  subscribe,
  subscriber,
  TRADE_PWD,
  type IeoServer,
} from '../support/ieo';
import { replayIeo } from './ieo-replayer';

const servers: IeoServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop().catch(() => undefined);
  if (servers[0]) await servers[0].close().catch(() => undefined);
});

it('allocates at the next start what ended while down, once, and keeps the timer going', async () => {
  const clock = fakeClock();
  const first = await startIeoServer({ clock });
  servers.push(first);
  const early = await createProject(first);
  const later = await createProject(first, { opensAt: clock.now() + 10 * S, closesAt: clock.now() + 60 * S });
  const [a, b] = await Promise.all([
    subscriber(first, '500', { tradePassword: true }),
    subscriber(first, '500', { tradePassword: true }),
  ]);
  clock.advance(10 * S);
  // The trade password is asked: none or a wrong one is refused.
  expect((await subscribe(first.origin, a, early.id, '80', 'en', '')).body.code).not.toBe(200);
  expect((await subscribe(first.origin, a, early.id, '80', 'en', 'Wrong999')).body.code).not.toBe(200);
  for (const [who, id, amount] of [
    [a, early.id, '80'],
    [b, early.id, '40'],
    [a, later.id, '10'],
  ] as const) {
    expect((await subscribe(first.origin, who, id, amount, 'en', TRADE_PWD)).body.code).toBe(200);
  }
  await first.stop();

  // Down across the first window's end.
  clock.advance(15 * S);
  const second = await startIeoServer({ dataDir: first.dataDir, clock });
  servers.push(second);
  // Σ 120 USDT for 10 lots of 5 USDT: a floor(80 × 10 ÷ 120) = 6 lots, b floor(40 × 10 ÷ 120) = 3.
  expect((await projectOf(second.origin, early.id)).result).toMatchObject({
    oversubscribed: true,
    remainder: '10.0000',
  });
  expect((await mine(second.origin, a)).allocations.map((x) => x.lots)).toEqual(['6']);
  expect((await mine(second.origin, b)).allocations.map((x) => x.lots)).toEqual(['3']);
  expect((await projectOf(second.origin, later.id)).phase).toBe('subscribe');

  // The timer on the running server allocates the second window.
  clock.advance(40 * S);
  await second.ieo.sweep();
  expect((await mine(second.origin, a)).allocations.map((x) => [x.projectId, x.lots])).toEqual([
    [later.id, '2'],
    [early.id, '6'],
  ]);
  await second.stop();

  // A third start allocates nothing again.
  const third = await startIeoServer({ dataDir: first.dataDir, clock });
  servers.push(third);
  await withServerDb(
    third.dataDir,
    async (db) => {
      const n = await db.get<{ n: bigint }>(
        `select count(*) as n from ledger_tx where kind = 'ieo.allocate'`,
      );
      expect(n!.n).toBe(3n);
      const issues = await db.get<{ n: bigint }>(
        `select count(*) as n from ledger_tx where kind = 'ieo.issue'`,
      );
      expect(issues!.n).toBe(2n);
      expect(await replayIeo(db)).toEqual({ projects: 2, allocations: 3, mismatches: [] });
    },
    { bigints: true },
  );
  expect(await violations(third.dataDir)).toEqual([]);
}, 90_000);
