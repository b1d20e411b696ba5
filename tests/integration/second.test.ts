// Timed options against a real server: real spot trades set the prices, settlement runs from the
// server's timer, and every refused request leaves the database exactly as it was.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '../../domain';
import type { SecondOption } from '../../domain/second-endpoints';
import type { TestServer } from '../support/server';
import { call, dataOf, errorText, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { replayOptions } from './second-replayer';
import {
  detail,
  newUser,
  placeOption,
  secondBalance,
  secondSnapshot,
  settled,
  startSecondServer,
  TICKS,
  trade,
  type User,
} from '../support/second';

let server: TestServer;
let origin: string;
let maker: User;
let taker: User;

beforeAll(async () => {
  server = await startSecondServer();
  origin = server.origin;
  maker = await newUser(server, { spotBtc: '10' });
  taker = await newUser(server, { spotUsdt: '10000000' });
  await trade(origin, maker, taker, '60000');
});
afterAll(() => server?.close());
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

const opt = (r: Awaited<ReturnType<typeof placeOption>>) => dataOf<SecondOption>(r);

describe('placing and settling', () => {
  it('up wins and down loses on a rise; the stake is frozen until expiry; receipts name both trades', async () => {
    const u = await newUser(server, { second: '1000' });
    const up = opt(await placeOption(origin, u, { direction: 'up', stake: '100', seconds: 1 }));
    const down = opt(await placeOption(origin, u, { direction: 'down', stake: '50.5', seconds: 1 }));
    expect(up).toMatchObject({
      status: 'open',
      result: null,
      stake: '100.00',
      payout: '180.00',
      coin: 'USDT',
    });
    expect(up.entry.price).toBe('60000.00');
    expect(up.expiresAt - up.acceptedAt).toBe(1000);
    expect(await secondBalance(server.dataDir, u.id)).toEqual({
      available: toUnits('849.5'),
      frozen: toUnits('150.5'),
    });

    await trade(origin, maker, taker, '60010.5');
    const [a, b] = await Promise.all([settled(origin, u, up.id), settled(origin, u, down.id)]);
    expect(a).toMatchObject({ result: 'won', credited: '180.00' });
    expect(b).toMatchObject({ result: 'lost', credited: '0.00' });
    expect(a.exit?.price).toBe('60010.50');
    // Settled on time: within a second after expiry, never before it.
    expect(a.settledAt!).toBeGreaterThan(a.expiresAt);
    expect(a.settledAt! - a.expiresAt).toBeLessThan(1000);
    expect(a.receipt).toMatchObject({
      rule: 'expiry',
      trades: [
        { role: 'entry', id: a.entry.tradeId, price: '60000.00' },
        { role: 'exit', id: a.exit!.tradeId, price: '60010.50' },
      ],
      amounts: [
        { label: 'stake', amount: '-100.00000000' },
        { label: 'payout', amount: '180.00000000' },
      ],
    });
    expect(a.receipt!.ledgerTxId).toBeGreaterThan(0);
    expect(await secondBalance(server.dataDir, u.id)).toEqual({
      available: toUnits('849.5') + toUnits('180'),
      frozen: 0n,
    });
  });

  it('down wins on a fall; equal prices return the stake', async () => {
    const u = await newUser(server, { second: '1000' });
    await trade(origin, maker, taker, '60000');
    const eq = opt(await placeOption(origin, u, { direction: 'up', stake: '10', seconds: 1 }));
    const eqDone = await settled(origin, u, eq.id);
    expect(eqDone).toMatchObject({ result: 'equal', credited: '10.00' });
    expect(eqDone.receipt?.amounts.at(-1)).toMatchObject({ label: 'refund', amount: '10.00000000' });

    const down = opt(await placeOption(origin, u, { direction: 'down', stake: '10', seconds: 1 }));
    await trade(origin, maker, taker, '59999.99');
    expect(await settled(origin, u, down.id)).toMatchObject({ result: 'won', credited: '18.00' });
    expect(await secondBalance(server.dataDir, u.id)).toEqual({ available: toUnits('1008'), frozen: 0n });
  });

  it('a duplicate client order id returns the same option and freezes once', async () => {
    const u = await newUser(server, { second: '500' });
    const first = opt(await placeOption(origin, u, { clientOrderId: 'abc-1', stake: '20', seconds: 2 }));
    const again = opt(await placeOption(origin, u, { clientOrderId: 'abc-1', stake: '20', seconds: 2 }));
    expect(again.id).toBe(first.id);
    expect((await secondBalance(server.dataDir, u.id)).frozen).toBe(toUnits('20'));
  });

  it('history filters by status, market and result; another user cannot see an option', async () => {
    const u = await newUser(server, { second: '500' });
    const other = await newUser(server, { second: '500' });
    const o = opt(await placeOption(origin, u, { stake: '10', seconds: 1 }));
    const open = dataOf<SecondOption[]>(await call(origin, 'second/options', u.token, { status: 'open' }));
    expect(open.map((x) => x.id)).toEqual([o.id]);
    await settled(origin, u, o.id);
    const all = dataOf<SecondOption[]>(await call(origin, 'second/options', u.token, {}));
    expect(all).toHaveLength(1);
    const res = all[0]!.result!;
    const byResult = dataOf<SecondOption[]>(
      await call(origin, 'second/options', u.token, { status: 'settled', symbol: 'BTC/USDT', result: res }),
    );
    expect(byResult.map((x) => x.id)).toEqual([o.id]);
    const other2 = res === 'won' ? 'lost' : 'won';
    expect(dataOf(await call(origin, 'second/options', u.token, { result: other2 }))).toEqual([]);
    expect(dataOf(await call(origin, 'second/options', other.token, {}))).toEqual([]);
    const peek = await call(origin, 'second/detail', other.token, { id: o.id });
    expect(peek.status).toBe(404);
    expect((await call(origin, 'second/options', u.token, { result: 'rigged' })).body?.key).toBe(
      'badRequest',
    );
  });
});

describe('bad input changes nothing', () => {
  it.each<[string, Record<string, string | number>, string, string?]>([
    ['unknown pair', { symbol: 'NOPE/USDT' }, 'unknownMarket', 'symbol'],
    ['a pair without options', { symbol: 'ETH/BTC' }, 'secondMarketDisabled', 'symbol'],
    ['unknown duration', { seconds: 45 }, 'secondUnknownDuration', 'seconds'],
    ['junk duration', { seconds: '1; drop' }, 'badRequest', 'seconds'],
    ['bad direction', { direction: 'sideways' }, 'badRequest', 'direction'],
    ['stake below minimum', { stake: '9.99' }, 'amountBelowMin', 'stake'],
    ['stake above maximum', { stake: '1000.01' }, 'amountAboveMax', 'stake'],
    ['too many decimals', { stake: '10.001' }, 'amountFormat', 'stake'],
    ['negative stake', { stake: '-10' }, 'amountFormat', 'stake'],
    ['no stake', { stake: '' }, 'required', 'stake'],
    ['insufficient balance', { stake: '600' }, 'insufficientBalance', 'stake'],
    ['no trade of the pair yet', { symbol: 'SOL/USDT' }, 'noOptimalPrice'],
    ['bad client order id', { clientOrderId: 'x'.repeat(41) }, 'badRequest', 'clientOrderId'],
  ])('%s', async (_name, fields, key, field) => {
    const u = await newUser(server, { second: '500' });
    const before = await secondSnapshot(server.dataDir, u.id);
    const r = await placeOption(origin, u, fields, 'en');
    expect(r.body?.key).toBe(key);
    if (field) expect(r.body?.field).toBe(field);
    expect(r.body?.msg).toBe(errorText('en', key));
    expect(await secondSnapshot(server.dataDir, u.id)).toEqual(before);
  });

  it('the house exposure cap per pair and duration refuses the option past it', async () => {
    const u = await newUser(server, { second: '1000' });
    opt(await placeOption(origin, u, { stake: '100', seconds: 3 }));
    opt(await placeOption(origin, u, { stake: '100', seconds: 3, direction: 'down' }));
    const before = await secondSnapshot(server.dataDir, u.id);
    const r = await placeOption(origin, u, { stake: '10', seconds: 3 }, 'id');
    expect(r.body?.key).toBe('secondExposureCap');
    expect(r.body?.msg).toBe(errorText('id', 'secondExposureCap'));
    expect(await secondSnapshot(server.dataDir, u.id)).toEqual(before);
    // Another duration of the same pair has its own cap.
    opt(await placeOption(origin, u, { stake: '10', seconds: 1 }));
  });

  it('no endpoint settles an option on request', async () => {
    const u = await newUser(server, { second: '100' });
    for (const path of ['/api/second/settle', '/api/second/setResult', '/api/ops/second/settle']) {
      const r = await fetch(`${origin}${path}`, { method: 'POST', headers: { token: u.token } });
      expect(r.status).toBe(404);
    }
  });
});

describe('concurrency', () => {
  it('100 parallel stakes against a balance that allows 20: exactly 20 accepted', async () => {
    const u = await newUser(server, { second: '200' });
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        placeOption(origin, u, { stake: '10', seconds: 10, direction: i % 2 ? 'up' : 'down' }),
      ),
    );
    const keys = replies.map((r) => (r.body?.code === 200 ? 'ok' : r.body?.key));
    expect(keys.filter((k) => k === 'ok')).toHaveLength(20);
    expect(keys.filter((k) => k === 'insufficientBalance')).toHaveLength(80);
    expect(await secondBalance(server.dataDir, u.id)).toEqual({ available: 0n, frozen: toUnits('200') });
  });
});

describe('independent replay', () => {
  it('a 1,000-option session recomputes from spot_trades alone with no mismatch', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser(server, { second: '100000' })));
    const prices = ['60000', '60000.01', '59999.5', '60000', '60002', '60002', '59990'];
    let placed = 0;
    for (let round = 0; placed < 1000; round++) {
      await trade(origin, maker, taker, prices[round % prices.length]!);
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          placeOption(origin, users[i % users.length]!, {
            stake: String(10 + ((round * 50 + i) % 90)),
            seconds: 1 + (i % 2),
            direction: (round + i) % 3 === 0 ? 'down' : 'up',
          }),
        ),
      );
      placed += batch.filter((r) => r.body?.code === 200).length;
    }
    await trade(origin, maker, taker, '60001');
    // Everything settles after its duration (2 s at most) and the timer's margin; the deadline
    // leaves room for a loaded machine, the timer's promptness is the bench's to measure.
    const ids = users.map((u) => u.id).join(',');
    const unsettled = () =>
      withServerDb(
        server.dataDir,
        async (db) =>
          (await db.get<{ n: bigint }>(
            `select count(*) as n from second_options o where user_id in (${ids})
               and not exists (select 1 from second_settlements s where s.option_id = o.id)`,
          ))!.n,
        { bigints: true },
      );
    const deadline = Date.now() + 10_000;
    await new Promise((r) => setTimeout(r, 2_500));
    while ((await unsettled()) > 0n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // Every option of this session settled.
    expect(await unsettled()).toBe(0n);
    await withServerDb(
      server.dataDir,
      async (db) => {
        const report = await replayOptions(db, TICKS, 2);
        expect(report.checked).toBeGreaterThanOrEqual(1000);
        expect(report.mismatches).toEqual([]);
        console.info(`replayer: ${report.checked} options checked, ${report.mismatches.length} mismatches`);
        const results = await db.all(`select result, count(*) as n from second_settlements group by result`);
        console.info(
          'results',
          JSON.stringify(results, (_, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
        );
      },
      { bigints: true },
    );
  }, 120_000);

  it('each settlement names a ledger transaction of its result and time, and each such transaction settles options', async () => {
    await withServerDb(server.dataDir, async (db) => {
      const wrong = await db.all(
        `select s.option_id, t.kind, t.ref_type, t.ref_id from second_settlements s
           left join ledger_tx t on t.id = s.settle_tx_id
         where t.id is null or t.ref_type != 'second_expiry' or t.ref_id != cast(s.settled_at as text)
           or t.kind != case s.result when 'won' then 'second.win' when 'lost' then 'second.loss'
             else 'second.refund' end`,
      );
      expect(wrong).toEqual([]);
      const orphans = await db.all(
        `select t.id from ledger_tx t where t.kind in ('second.win', 'second.loss', 'second.refund')
           and not exists (select 1 from second_settlements s where s.settle_tx_id = t.id)`,
      );
      expect(orphans).toEqual([]);
      const n = await db.get<{ n: number }>('select count(*) as n from second_settlements');
      expect(n!.n).toBeGreaterThan(1000);
    });
  });
});

describe('detail', () => {
  it('answers a missing id like a foreign one', async () => {
    const u = await newUser(server);
    expect((await call(origin, 'second/detail', u.token, { id: 99_999_999 })).status).toBe(404);
    expect((await call(origin, 'second/detail', u.token, { id: 'x' })).body).toMatchObject({
      key: 'badRequest',
      field: 'id',
    });
    void detail;
  });
});
