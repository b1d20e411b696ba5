// The console's users (issue 26): search by each key, a user's real balances, orders, positions and
// journal after real trades, freeze (sessions revoked, sign-in refused in the request's language) and
// unfreeze, and the house's contract lines after a position is opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsHouse, OpsUserDetail, OpsUserHit } from '../../domain';
import { fromUnits } from '../../domain';
import { loginByApi, registerUser, TEST_PASSWORD } from '../support/accounts';
import { callApi } from '../support/api';
import { accountBalance, call, dataOf, errorText } from '../support/assets';
import { opsCall } from '../support/bank';
import { merchant } from '../support/legal';
import { openOrder, spotPair, startLeverServer, trader, type LeverServer } from '../support/lever';
import { withServerDb } from '../support/server-db';

let s: LeverServer;
beforeAll(async () => {
  s = await startLeverServer();
});
afterAll(async () => {
  await s?.close();
});

const ops = async <T>(method: 'GET' | 'POST', name: string, fields: Record<string, string | number> = {}) => {
  const r = await opsCall(s.origin, method, name, fields);
  if (r.status !== 200 || r.body?.code !== 200) throw new Error(`${name}: ${JSON.stringify(r.body)}`);
  return r.body.data as T;
};
const search = (q: string) => ops<OpsUserHit[]>('GET', 'users/search', { q });

describe('users/search', () => {
  it('finds a user by account prefix, whole e-mail, exact id and merchant nickname prefix', async () => {
    const mobile = await registerUser(s.origin);
    const mail = `Ops.Views.${Date.now()}@Example.com`;
    const byMail = await registerUser(s.origin, mail);
    const shop = await merchant(s.origin, s.dataDir, '0');

    const prefix = mobile.user.account.slice(0, 9);
    expect((await search(prefix)).map((h) => h.id)).toContain(mobile.user.id);
    // E-mails are stored in lower case; the search folds the operator's input alike.
    const hits = await search(mail);
    expect(hits).toEqual([
      {
        id: byMail.user.id,
        account: mail.toLowerCase(),
        nickname: '',
        frozen: false,
        createdAt: expect.any(Number),
      },
    ]);
    expect((await search(String(mobile.user.id))).map((h) => h.id)).toContain(mobile.user.id);
    const nick = await search(`shop ${shop.id}`);
    expect(nick.find((h) => h.id === shop.id)).toMatchObject({ nickname: `Shop ${shop.id}` });
    expect(await search('no-such-account-xyz')).toEqual([]);
    // `%` and `_` are literal, not wildcards.
    expect(await search('%')).toEqual([]);
  });
});

describe('users/get', () => {
  it("shows the user's real balances, open orders, positions and newest journal lines", async () => {
    const trade = await spotPair(s);
    await trade('BTC/USDT', '50000', '1');
    const u = await trader(s, '10000', { USDT: '100000', BTC: '2' });
    const resting = dataOf<{ id: number }>(
      await call(s.origin, 'trade/place', u.token, {
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'limit',
        price: '90000',
        qty: '0.5',
      }),
    );
    const position = await openOrder(s, u, { hands: 3 });

    const d = await ops<OpsUserDetail>('GET', 'users/get', { id: u.id });
    expect(d.user).toMatchObject({ id: u.id, kycStatus: 'none', frozen: false, freezeReason: null });
    for (const [account, coin] of [
      ['spot', 'USDT'],
      ['spot', 'BTC'],
      ['lever', 'USDT'],
    ] as const) {
      const want = await accountBalance(s.dataDir, u.id, account, coin);
      expect(d.balances.find((b) => b.account === account && b.coin === coin)).toEqual({
        account,
        coin,
        available: fromUnits(want.available),
        frozen: fromUnits(want.frozen),
      });
    }
    expect(d.balances.find((b) => b.account === 'spot' && b.coin === 'BTC')!.frozen).toBe('0.50000000');
    expect(d.openOrders).toEqual([
      expect.objectContaining({
        id: resting.id,
        symbol: 'BTC/USDT',
        side: 'sell',
        price: '90000.00',
        amount: '0.50000',
        filled: '0.00000',
      }),
    ]);
    expect(d.positions).toEqual([
      expect.objectContaining({
        id: position.id,
        symbol: 'BTC/USDT',
        side: 'long',
        lots: '3',
        margin: position.margin,
      }),
    ]);
    const lines = await withServerDb(s.dataDir, (db) =>
      db.all<{ id: number; field: string }>(
        'select id, field from journal where user_id = ? order by id desc limit 50',
        u.id,
      ),
    );
    expect(d.journal.map((l) => l.id)).toEqual(lines.map((l) => Number(l.id)));
    // A freeze is a pair of lines under one kind: which side each moved tells them apart.
    expect(d.journal.map((l) => l.field)).toEqual(lines.map((l) => l.field));
    expect(
      d.journal
        .filter((l) => l.kind === 'spot.freeze')
        .map((l) => l.field)
        .sort(),
    ).toEqual(expect.arrayContaining(['available', 'frozen']));
    expect(d.journal.map((l) => l.kind)).toEqual(expect.arrayContaining(['test.grant', 'spot.freeze']));

    expect((await opsCall(s.origin, 'GET', 'users/get', { id: 99_999_999 })).status).toBe(404);
  });
});

describe('users/freeze and users/unfreeze', () => {
  it('revokes live sessions, refuses sign-in in the request language, journals; unfreeze restores', async () => {
    const g = await registerUser(s.origin);
    const other = await loginByApi(s.origin, g.user.account);
    // A revoked session answers the app's "sign in again" (variant 1: type 999, HTTP 200).
    const info = async (token: string) => (await callApi(s.origin, 'user/info', {}, { token })).body;
    expect((await info(g.token)).type).toBe('ok');

    const missing = await opsCall(s.origin, 'POST', 'users/freeze', { id: g.user.id });
    expect(missing.body.key).toBe('required');
    const hit = await ops<OpsUserHit>('POST', 'users/freeze', { id: g.user.id, reason: 'fraud report 7' });
    expect(hit).toMatchObject({ id: g.user.id, frozen: true });
    for (const token of [g.token, other.token]) {
      expect(await info(token)).toMatchObject({ type: '999', key: 'sessionInvalid' });
    }
    for (const lang of ['zh', 'en', 'kor']) {
      const r = await callApi(
        s.origin,
        'user/login',
        { account: g.user.account, password: TEST_PASSWORD },
        { headers: { lang } },
      );
      expect(r.body).toMatchObject({
        type: 'error',
        key: 'accountFrozen',
        message: errorText(lang, 'accountFrozen'),
      });
    }
    // A wrong password still says only that: a freeze is told to the account's owner alone.
    const wrong = await callApi(s.origin, 'user/login', { account: g.user.account, password: 'Wrong1234' });
    expect(wrong.body.key).toBe('incorrectPassword');
    const detail = await ops<OpsUserDetail>('GET', 'users/get', { id: g.user.id });
    expect(detail.user).toMatchObject({ frozen: true, freezeReason: 'fraud report 7' });
    // Freezing twice is refused and journals nothing.
    expect(
      (await opsCall(s.origin, 'POST', 'users/freeze', { id: g.user.id, reason: 'again' })).body.key,
    ).toBe('badRequest');

    expect(
      await ops<OpsUserHit>('POST', 'users/unfreeze', { id: g.user.id, reason: 'cleared' }),
    ).toMatchObject({
      frozen: false,
    });
    const back = await loginByApi(s.origin, g.user.account);
    expect((await info(back.token)).type).toBe('ok');
    const actions = await withServerDb(s.dataDir, (db) =>
      db.all<{ action: string; detail: string }>(
        `select action, detail from ops_actions where target_type = 'users' and target_id = ? order by id`,
        String(g.user.id),
      ),
    );
    expect(actions.map((a) => [a.action, JSON.parse(a.detail).reason])).toEqual([
      ['user.freeze', 'fraud report 7'],
      ['user.unfreeze', 'cleared'],
    ]);
  });
});

describe('house', () => {
  it('shows the contracts users hold against the house and a sound ledger', async () => {
    const trade = await spotPair(s);
    await trade('ETH/USDT', '3000', '1');
    const before = await ops<OpsHouse>('GET', 'house');
    const lines = (h: OpsHouse) => h.products.find((p) => p.product === 'lever')!.lines;
    const held = (h: OpsHouse) => BigInt(lines(h)['hands.ETH/USDT.short'] ?? '0');
    const u = await trader(s, '100000');
    await openOrder(s, u, { symbol: 'ETH/USDT', side: 'short', hands: 4 });
    const after = await ops<OpsHouse>('GET', 'house');
    expect(held(after) - held(before)).toBe(4n);
    expect(after.ledger).toMatchObject({ ok: true, problems: [] });
    expect(after.products.map((p) => p.product)).toEqual(['lever', 'second', 'lockming', 'ieo', 'spot']);
    // Spot fees from the trades above; every line is a decimal string.
    expect(Object.keys(after.products.find((p) => p.product === 'spot')!.lines)).toEqual(
      expect.arrayContaining(['fees.ETH', 'fees.USDT']),
    );
    for (const p of after.products)
      for (const v of Object.values(p.lines)) expect(v).toMatch(/^-?\d+(\.\d+)?$/);
  });
});
