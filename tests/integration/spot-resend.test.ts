// A resent order (same client order id) is answered with the first one, on the engine of this run:
// the order service reads a batch's client ids ahead in one statement per 64 pairs, a query written
// once for SQLite and PostgreSQL (an `or` of the pairs made PostgreSQL scan the table).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../domain';
import { registerUser } from '../support/accounts';
import { call, dataOf, fund, violations } from '../support/assets';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/server';

describe(`resent spot orders (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ simMarket: false });
  });
  afterAll(() => server?.close());

  it('answers every resend with the first order, ended or open, and makes a new id once', async () => {
    const seller = await registerUser(server.origin);
    const buyer = await registerUser(server.origin);
    await fund(server.dataDir, seller.user.id, 'BTC', '1');
    await fund(server.dataDir, buyer.user.id, 'USDT', '100000');
    const sell = (n: number) =>
      call(server.origin, 'trade/place', seller.token, {
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'limit',
        price: '30000',
        qty: '0.001',
        clientOrderId: `resend-${n}`,
      }).then((r) => dataOf<SpotOrder>(r));
    const first = await Promise.all(Array.from({ length: 70 }, (_, n) => sell(n)));
    const taker = dataOf<SpotOrder>(
      await call(server.origin, 'trade/place', buyer.token, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '30000',
        qty: '0.06',
      }),
    );
    expect(taker.status).toBe('filled');

    const [resent, fresh, again, other] = await Promise.all([
      Promise.all(Array.from({ length: 70 }, (_, n) => sell(n))),
      sell(70),
      sell(70),
      // The same client id from another user is that user's own order.
      call(server.origin, 'trade/place', buyer.token, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '10000',
        qty: '0.001',
        clientOrderId: 'resend-0',
      }).then((r) => dataOf<SpotOrder>(r)),
    ]);
    // The sells reached the server in any order; the 60 placed first (the lowest ids) filled.
    const filled = new Set(
      first
        .map((o) => o.id)
        .sort((a, b) => a - b)
        .slice(0, 60),
    );
    expect(resent.map((o) => [o.id, o.status])).toEqual(
      first.map((o) => [o.id, filled.has(o.id) ? 'filled' : 'open']),
    );
    expect(again.id).toBe(fresh.id);
    expect(first.map((o) => o.id)).not.toContain(fresh.id);
    expect(other.id).not.toBe(first[0]!.id);
    expect(other.status).toBe('open');

    const open = dataOf<SpotOrder[]>(
      await call(server.origin, 'trade/orders', seller.token, { status: 'open' }),
    );
    expect(open.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      [...first.map((o) => o.id).filter((id) => !filled.has(id)), fresh.id].sort((a, b) => a - b),
    );
    expect(await violations(server.dataDir)).toEqual([]);
  });
});
