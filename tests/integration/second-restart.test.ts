// Options that expire while the server is down are settled at the next start, from the stored
// trades, together and exactly once; options still running are settled by the timer as usual.
import { afterAll, expect, it } from 'vitest';
import type { SecondOption } from '../../domain/second-endpoints';
import type { TestServer } from '../support/server';
import { dataOf, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { replayOptions } from './second-replayer';
import { detail, newUser, placeOption, settled, startSecondServer, TICKS, trade } from '../support/second';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close().catch(() => undefined);
});

it('settles options that expired while down at the next start, from the stored trades, exactly once', async () => {
  const first = await startSecondServer();
  servers.push(first);
  const maker = await newUser(first, { spotBtc: '10' });
  const taker = await newUser(first, { spotUsdt: '1000000' });
  const u = await newUser(first, { second: '1000' });
  await trade(first.origin, maker, taker, '60000');
  const placed: SecondOption[] = [];
  for (const [seconds, direction] of [
    [2, 'up'],
    [1, 'down'],
    [2, 'down'],
    [1, 'up'],
  ] as const) {
    placed.push(
      dataOf<SecondOption>(await placeOption(first.origin, u, { seconds, direction, stake: '10' })),
    );
  }
  await trade(first.origin, maker, taker, '60005');
  await first.stop();
  // Down for longer than every duration: nothing can settle them but the catch-up.
  await new Promise((r) => setTimeout(r, 2_600));

  const second = await startSecondServer({ dataDir: first.dataDir });
  servers.push(second);
  const late = dataOf<SecondOption>(
    await placeOption(second.origin, u, { seconds: 1, direction: 'up', stake: '10' }),
  );
  // A trade after the restart is later than every expiry above: it must not change their exits.
  await trade(second.origin, maker, taker, '59000');

  const after = await Promise.all(placed.map((o) => detail(second.origin, u, o.id)));
  for (const o of after) expect(o.status).toBe('settled');
  expect(after.map((o) => o.result)).toEqual(['won', 'lost', 'lost', 'won']);
  expect(after.every((o) => o.exit?.price === '60005.00')).toBe(true);
  // One catch-up at start, before the server took a new option: one batch, one ledger transaction per
  // result (won and lost here), each netting the user's stakes and credits.
  expect(new Set(after.map((o) => o.settledAt)).size).toBe(1);
  expect(after[0]!.settledAt!).toBeLessThan(late.acceptedAt);
  const txOf = (r: string) => new Set(after.filter((o) => o.result === r).map((o) => o.receipt!.ledgerTxId));
  expect([txOf('won').size, txOf('lost').size]).toEqual([1, 1]);
  expect([...txOf('won')][0]).not.toBe([...txOf('lost')][0]);

  // The timer keeps working after a restart.
  expect((await settled(second.origin, u, late.id)).result).toBe('lost');

  // A third start settles nothing again.
  await second.stop();
  const third = await startSecondServer({ dataDir: first.dataDir });
  servers.push(third);
  await withServerDb(
    third.dataDir,
    async (db) => {
      const n = await db.get<{ n: bigint }>(
        `select count(*) as n from ledger_tx where ref_type = 'second_expiry'
           and kind in ('second.win', 'second.loss', 'second.refund')`,
      );
      // Won and lost at the catch-up, lost for the option placed after it.
      expect(n!.n).toBe(3n);
      const report = await replayOptions(db, TICKS, 2);
      expect(report).toEqual({ checked: 5, mismatches: [] });
    },
    { bigints: true },
  );
  expect(await violations(third.dataDir)).toEqual([]);
}, 60_000);
