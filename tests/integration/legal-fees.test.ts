import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_TERMS } from '../../server/market/catalog';
import { dataOf, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  as,
  legalBalance,
  merchant,
  person,
  publish,
  startLegalServer,
  take,
  U,
  type LegalServer,
} from '../support/legal';

let server: LegalServer;
beforeAll(async () => {
  server = await startLegalServer({
    catalog: { legal: { ...DEFAULT_LEGAL_TERMS, takerFee: '0.001', makerFee: '0.002' } },
  });
});
afterAll(() => server?.close());

const houseLegal = async () => {
  const row = await withServerDb(
    server.dataDir,
    (db) =>
      db.get<{ available: bigint }>(
        `select available from balances where user_id = 0 and account = 'legal' and coin = 'USDT'`,
      ),
    { bigints: true },
  );
  return row?.available ?? 0n;
};

describe('fees from the catalog', () => {
  it('the buyer pays its rate in coin on release: taker when the user buys, maker when the merchant buys', async () => {
    const { origin, dataDir } = server;
    const m = await merchant(origin, dataDir, '1000');
    const sellAd = await publish(origin, m, { total: '500' });
    const u = await person(origin);
    const o = await take(origin, u, sellAd.id, 'qty', '100');
    expect(o.fee).toBe('0.10000000');
    dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'R' }));
    dataOf(await as(origin, m, 'legal/release', { id: o.id }));
    expect((await legalBalance(dataDir, u.id)).available).toBe(U('99.9'));
    expect(await houseLegal()).toBe(U('0.1'));

    const buyAd = await publish(origin, m, { side: 'buy', total: '50', methods: 'bank' });
    await as(origin, u, 'legal/methodSave', {
      kind: 'bank',
      realName: 'Han Mei',
      bank: 'B',
      cardNumber: '6222020000005678',
    });
    const o2 = await take(origin, u, buyAd.id, 'qty', '50');
    expect(o2.fee).toBe('0.10000000');
    dataOf(await as(origin, m, 'legal/pay', { id: o2.id, reference: 'R2' }));
    dataOf(await as(origin, u, 'legal/release', { id: o2.id }));
    expect((await legalBalance(dataDir, m.id)).available).toBe(U('500') + U('49.9'));
    expect(await houseLegal()).toBe(U('0.2'));
    expect(await violations(dataDir)).toEqual([]);
  });
});
