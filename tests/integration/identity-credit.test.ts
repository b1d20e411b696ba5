import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../domain';
import { creditBreakdown, type CreditReport } from '../../domain/identity-credit';
import { registerUser } from '../support/accounts';
import type { TestServer } from '../support/server';
import { call, dataOf, fund } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { opsCall, setTradePassword } from '../support/bank';
import { startIdentityServer, verifyIdentity } from '../support/identity';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startIdentityServer();
  origin = server.origin;
});
afterAll(() => server?.close());

const report = async (token: string) => dataOf<CreditReport>(await call(origin, 'credit/score', token));
const points = (r: CreditReport) => Object.fromEntries(r.factors.map((f) => [f.key, [f.fact, f.points]]));

describe('credit score', () => {
  it('is computed from the facts the exchange holds, factor by factor', async () => {
    const me = await registerUser(origin);
    const fresh = await report(me.token);
    expect(fresh.score).toBe(55);
    expect(points(fresh)).toMatchObject({ base: [1, 55], identity: [0, 0], tradePassword: [0, 0] });

    await setTradePassword(origin, me.user.account, me.token);
    await verifyIdentity(origin, me.token);
    // Ten orders cancelled without a fill, one filled order against another user.
    await fund(server.dataDir, me.user.id, 'USDT', '1000');
    for (let i = 0; i < 10; i++) {
      const o = dataOf<SpotOrder>(
        await call(origin, 'trade/place', me.token, {
          symbol: 'BTC/USDT',
          side: 'buy',
          type: 'limit',
          price: '100',
          qty: '0.1',
        }),
      );
      dataOf(await call(origin, 'trade/cancel', me.token, { orderId: o.id }));
    }
    const other = await registerUser(origin);
    await fund(server.dataDir, other.user.id, 'BTC', '1');
    const order = { symbol: 'BTC/USDT', type: 'limit', price: '1000', qty: '0.1' };
    dataOf(await call(origin, 'trade/place', other.token, { ...order, side: 'sell' }));
    dataOf(await call(origin, 'trade/place', me.token, { ...order, side: 'buy' }));

    const now = await report(me.token);
    expect(points(now)).toMatchObject({
      identity: [1, 20],
      tradePassword: [1, 5],
      trading: [1, 0],
      cancellations: [10, -2],
      accountAge: [0, 0],
    });
    expect(now.score).toBe(55 + 20 + 5 - 2);
    // The same published function gives the same score from the same facts.
    const facts = {
      accountAgeDays: 0,
      identityVerified: true,
      tradePasswordSet: true,
      filledOrders: 1,
      cancelledUnfilled: 10,
    };
    expect(creditBreakdown(facts, now.computedAt)).toEqual(now);

    // The score the profile shows follows the breakdown; no operator route can set it.
    const info = (await call(origin, 'user/info', me.token)).body.message as { creditScore: number };
    expect(info.creditScore).toBe(now.score);
    const routes = (await opsCall(origin, 'GET', 'routes')).body.data as { name: string }[];
    expect(routes.map((r) => r.name).filter((n) => /credit|score/i.test(n))).toEqual([]);
    const stored = await withServerDb(server.dataDir, (db) =>
      db.get<{ credit_score: number }>('select credit_score from users where id = ?', me.user.id),
    );
    expect(stored!.credit_score).toBe(now.score);
  });
});
