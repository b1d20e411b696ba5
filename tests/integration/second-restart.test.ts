// Options that expire while the server is down are settled at the next start, from the stored
// trades, in expiry order, exactly once; options still running are settled by the timer as usual.
import { afterAll, expect, it } from 'vitest';
import type { SecondOption } from '../../domain/second-endpoints';
import type { TestServer } from '../support/server';
import { dataOf, openServerDb, violations } from './assets-support';
import { replayOptions } from './second-replayer';
import { detail, newUser, placeOption, settled, startSecondServer, TICKS, trade } from './second-support';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close().catch(() => undefined);
});

it('settles options that expired while down, in expiry order, exactly once', async () => {
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
  // In expiry order: the settlement transactions are numbered in (expiry, id) order.
  const byTx = [...after].sort((a, b) => a.receipt!.ledgerTxId! - b.receipt!.ledgerTxId!);
  const byExpiry = [...after].sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id);
  expect(byTx.map((o) => o.id)).toEqual(byExpiry.map((o) => o.id));

  // The timer keeps working after a restart.
  expect((await settled(second.origin, u, late.id)).result).toBe('lost');

  // A third start settles nothing again.
  await second.stop();
  const third = await startSecondServer({ dataDir: first.dataDir });
  servers.push(third);
  const db = openServerDb(third.dataDir);
  try {
    const n = db
      .prepare(
        `select count(*) as n from ledger_tx where ref_type = 'second_options'
           and kind in ('second.win', 'second.loss', 'second.refund')`,
      )
      .get() as { n: number };
    expect(n.n).toBe(5);
    const report = replayOptions(db, TICKS, 2);
    expect(report).toEqual({ checked: 5, mismatches: [] });
  } finally {
    db.close();
  }
  expect(violations(third.dataDir)).toEqual([]);
}, 60_000);
