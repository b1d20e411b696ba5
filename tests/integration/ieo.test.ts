// The IEO cycle on a fake clock: preheat → subscribe → end, allocation by the published rule when
// over- and undersubscribed, refusals that change nothing, operator edits only before opening, the
// new coin a catalog coin held in spot, and every allocation replayed from stored rows.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/paths';
import { toUnits } from '../../domain';
import type { IeoProject } from '../../domain/ieo-types';
import { callApi } from '../support/api';
import { opsCall } from '../support/bank';
import { withServerDb } from '../support/server-db';
import { checkedServer } from '../support/suite';
import {
  createProject,
  ieoSnapshot,
  mine,
  projectOf,
  S,
  spotOf,
  startIeoServer,
  subscribe,
  subscribed,
  subscriber,
  type IeoServer,
} from '../support/ieo';
import { replayIeo } from './ieo-replayer';

const env = checkedServer<IeoServer>(() =>
  startIeoServer({ catalog: { ieo: { account: 'spot', tradePassword: 'never' } } }),
);
const u = (v: string) => toUnits(v);
/** The operator API answers in its default language: any of the eight texts of `key`. */
const errorText = (key: string) =>
  expect.toSatisfy((msg: string) => LANGS.some((l) => texts(l)[key] === msg));
const LANGS = ['en', 'hi', 'hk', 'id', 'jp', 'kor', 'vi', 'zh'];
const texts = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'locales', lang, 'errors.json'), 'utf8')) as Record<
    string,
    string
  >;

async function replayed() {
  return withServerDb(env.server.dataDir, (db) => replayIeo(db), { bigints: true });
}

describe('IEO cycle', () => {
  it('oversubscribed: floor(commit × total ÷ all commits) lots, the rest unfrozen, the remainder with the issuer', async () => {
    const s = env.server;
    const p = await createProject(s);
    expect(p).toMatchObject({
      phase: 'preheat',
      lotCost: '5.000000',
      number: `IEO-${String(p.id).padStart(4, '0')}`,
    });
    const [a, b, c] = await Promise.all([subscriber(s, '500'), subscriber(s, '500'), subscriber(s, '500')]);

    // Preheat: visible, not open.
    const before = await ieoSnapshot(s.dataDir, a.id);
    const early = await subscribe(s.origin, a, p.id, '70', 'en');
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toBe('Subscription is not open');
    expect(await ieoSnapshot(s.dataDir, a.id)).toEqual(before);

    s.clock.advance(10 * S);
    expect((await projectOf(s.origin, p.id)).phase).toBe('subscribe');
    await subscribed(s.origin, a, p.id, '40');
    await subscribed(s.origin, a, p.id, '30');
    await subscribed(s.origin, b, p.id, '70');
    await subscribed(s.origin, c, p.id, '60');
    expect(await spotOf(s.dataDir, a.id)).toEqual({ available: u('430'), frozen: u('70') });
    expect(await projectOf(s.origin, p.id)).toMatchObject({ committed: '200.000000', subscribers: 3 });

    s.clock.advance(10 * S);
    const done = await s.ieo.sweep();
    expect(done.map((d) => d.project.id)).toContain(p.id);
    // Σ 200 USDT for 10 lots of 5 USDT: each of 70, 70, 60 gets floor(x × 10 ÷ 200) = 3 lots (30 coins).
    const after = await projectOf(s.origin, p.id);
    expect(after.phase).toBe('ended');
    expect(after.result).toMatchObject({
      oversubscribed: true,
      allCommits: '200.000000',
      subscribers: 3,
      allocated: '90.0000',
      remainder: '10.0000',
    });
    for (const [who, commit] of [
      [a, '70'],
      [b, '70'],
      [c, '60'],
    ] as const) {
      const m = await mine(s.origin, who);
      expect(m.allocations).toHaveLength(1);
      expect(m.allocations[0]).toMatchObject({
        committed: `${commit}.000000`,
        lots: '3',
        allocated: '30.0000',
        cost: '15.000000',
        refund: `${Number(commit) - 15}.000000`,
      });
      expect(m.allocations[0]!.receipt).toMatchObject({
        rule: 'pro-rata-lots',
        inputs: { allCommits: '200.000000' },
      });
      expect(await spotOf(s.dataDir, who.id)).toEqual({ available: u('485'), frozen: 0n });
      expect(await spotOf(s.dataDir, who.id, p.coin)).toEqual({ available: u('30'), frozen: 0n });
    }
    // The issuer (house) keeps the lot nobody received and the 45 USDT paid.
    expect((await spotOf(s.dataDir, 0, p.coin)).available).toBe(u('10'));

    // The coin is a catalog coin now: the app's catalog lists it and it moves between accounts.
    const catalog = await callApi(s.origin, 'market/catalog');
    expect(catalog.body.data.coins).toContainEqual({ symbol: p.coin, name: 'Nova Token', decimals: 4 });
    const overview = await callApi(s.origin, 'assets/overview', {}, { token: a.token });
    const spot = overview.body.data.accounts.find((x: { account: string }) => x.account === 'spot');
    expect(spot.coins.find((x: { coin: string }) => x.coin === p.coin)).toMatchObject({
      total: '30.00000000',
    });

    // A second sweep allocates nothing again.
    expect((await s.ieo.sweep()).map((d) => d.project.id)).not.toContain(p.id);
    expect(await replayed()).toMatchObject({ mismatches: [] });
  });

  it('undersubscribed: everyone gets the full amount; what buys no whole lot comes back', async () => {
    const s = env.server;
    const p = await createProject(s, { total: '1000' });
    const [a, b] = await Promise.all([subscriber(s, '100'), subscriber(s, '100')]);
    s.clock.advance(10 * S);
    await subscribed(s.origin, a, p.id, '20');
    await subscribed(s.origin, b, p.id, '7.5');
    s.clock.advance(10 * S);
    await s.ieo.sweep();
    expect((await projectOf(s.origin, p.id)).result).toMatchObject({
      oversubscribed: false,
      allocated: '50.0000',
      remainder: '950.0000',
    });
    expect((await mine(s.origin, a)).allocations[0]).toMatchObject({
      lots: '4',
      allocated: '40.0000',
      refund: '0.000000',
    });
    expect((await mine(s.origin, b)).allocations[0]).toMatchObject({
      lots: '1',
      cost: '5.000000',
      refund: '2.500000',
    });
    expect(await spotOf(s.dataDir, b.id)).toEqual({ available: u('95'), frozen: 0n });
    expect(await replayed()).toMatchObject({ mismatches: [] });
  });

  it('a project nobody subscribed to ends with everything left with the issuer', async () => {
    const s = env.server;
    const p = await createProject(s);
    s.clock.advance(20 * S);
    await s.ieo.sweep();
    expect((await projectOf(s.origin, p.id)).result).toMatchObject({
      subscribers: 0,
      allocated: '0.0000',
      remainder: '100.0000',
    });
  });
});

describe('bad input changes nothing', () => {
  it('refuses outside the window, above the cap, too many decimals, below a lot, without balance — localized', async () => {
    const s = env.server;
    const p: IeoProject = await createProject(s);
    const rich = await subscriber(s, '1000');
    const poor = await subscriber(s, '3');
    s.clock.advance(10 * S);
    await subscribed(s.origin, rich, p.id, '60');
    const cases: Array<[typeof rich, string, string, string]> = [
      [rich, '50', 'ieoAboveCap', '超过'],
      [rich, '5.0000001', 'ieoTooManyDecimals', '小数'],
      [rich, '4.99', 'ieoBelowLot', '一手'],
      [rich, 'abc', 'amountFormat', ''],
      [poor, '5', 'insufficientBalance', ''],
    ];
    for (const [who, amount, key, zh] of cases) {
      const snap = await ieoSnapshot(s.dataDir, who.id);
      const en = await subscribe(s.origin, who, p.id, amount, 'en');
      expect(en.body.code, `${amount} → ${key}`).toBe(400);
      const cn = await subscribe(s.origin, who, p.id, amount, 'zh');
      expect(cn.body.msg).not.toBe(en.body.msg);
      if (zh) expect(cn.body.msg).toContain(zh);
      expect(await ieoSnapshot(s.dataDir, who.id)).toEqual(snap);
    }
    s.clock.advance(10 * S);
    const snap = await ieoSnapshot(s.dataDir, rich.id);
    const late = await subscribe(s.origin, rich, p.id, '5', 'en');
    expect(late.body.msg).toBe('Subscription is not open');
    expect(await ieoSnapshot(s.dataDir, rich.id)).toEqual(snap);
    await s.ieo.sweep();
  });
});

describe('racing', () => {
  it('two subscriptions that together pass the cap: exactly one is accepted', async () => {
    const s = env.server;
    const p = await createProject(s);
    const me = await subscriber(s, '500');
    s.clock.advance(10 * S);
    const replies = await Promise.all([1, 2, 3].map(() => subscribe(s.origin, me, p.id, '60', 'en')));
    expect(replies.map((r) => r.body.code).sort()).toEqual([200, 400, 400]);
    expect(await spotOf(s.dataDir, me.id)).toEqual({ available: u('440'), frozen: u('60') });
    s.clock.advance(10 * S);
    await s.ieo.sweep();
  });
});

describe('operators', () => {
  it('create and edit before opening (journaled); once open nothing can be edited; no route allocates', async () => {
    const s = env.server;
    const p = await createProject(s);
    const bad = await opsCall(s.origin, 'POST', 'ieo/create', { name: 'X', coin: 'USDT' });
    expect(bad.body.code).not.toBe(200);
    const taken = await opsCall(s.origin, 'POST', 'ieo/create', {
      name: 'Again',
      coin: p.coin,
      coinName: 'x',
      coinDecimals: 2,
      quote: 'USDT',
      price: '1',
      lot: '1',
      total: '10',
      cap: '10',
      preheatAt: s.clock.now(),
      opensAt: s.clock.now() + S,
      closesAt: s.clock.now() + 2 * S,
    });
    expect(taken.body.code).not.toBe(200);
    expect(taken.body.msg).toEqual(errorText('ieoCoinTaken'));
    const edit = { ...p, id: p.id, price: '0.25', total: '200', cap: '50', ...p.links };
    const edited = await opsCall(s.origin, 'POST', 'ieo/edit', edit as unknown as Record<string, string>);
    expect(edited.body.data).toMatchObject({ price: '0.25', total: '200', lotCost: '2.500000' });
    const journal = await withServerDb(s.dataDir, (db) =>
      db.all(
        `select action from ops_actions where target_type = 'ieo_projects' and target_id = ?`,
        String(p.id),
      ),
    );
    expect(journal.map((j) => j.action)).toEqual(['ieo.create', 'ieo.edit']);

    s.clock.advance(10 * S);
    const refused = await opsCall(s.origin, 'POST', 'ieo/edit', {
      ...(edit as unknown as Record<string, string>),
      price: '1',
    });
    expect(refused.body.msg).toEqual(errorText('ieoStarted'));
    expect((await projectOf(s.origin, p.id)).price).toBe('0.25');

    const routes = await opsCall(s.origin, 'GET', 'routes');
    const names = (routes.body.data as Array<{ name: string }>)
      .map((r) => r.name)
      .filter((n) => n.startsWith('ieo'));
    expect(names.sort()).toEqual(['ieo/create', 'ieo/edit', 'ieo/projects']);
    s.clock.advance(10 * S);
    await s.ieo.sweep();
  });
});
