import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_TERMS } from '../../server/market/catalog';
import { dataOf, openServerDb, violations } from '../support/assets';
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

const houseLegal = () => {
  const db = openServerDb(server.dataDir);
  try {
    const row = db
      .prepare(`select available from balances where user_id = 0 and account = 'legal' and coin = 'USDT'`)
      .safeIntegers(true)
      .get() as { available: bigint } | undefined;
    return row?.available ?? 0n;
  } finally {
    db.close();
  }
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
    expect(legalBalance(dataDir, u.id).available).toBe(U('99.9'));
    expect(houseLegal()).toBe(U('0.1'));

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
    expect(legalBalance(dataDir, m.id).available).toBe(U('500') + U('49.9'));
    expect(houseLegal()).toBe(U('0.2'));
    expect(await violations(dataDir)).toEqual([]);
  });
});
