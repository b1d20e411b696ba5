import { describe, expect, it } from 'vitest';
import type { AssetsOverview, JournalLine, SpotOrder } from '../../domain';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { call, dataOf, errorText, fund } from '../support/assets';
import { checkedServer } from '../support/suite';

// No simulator: the only trades, and so the only prices, are the ones these tests make.

const env = checkedServer(() => startTestServer({ simMarket: false }));

async function user() {
  const grant = await registerUser(env.origin);
  return { token: grant.token, id: grant.user.id };
}

const overview = async (token: string) =>
  dataOf<AssetsOverview>(await call(env.origin, 'assets/overview', token));

describe('assets/overview', () => {
  it('shows the five accounts with every coin at zero for a new user', async () => {
    const o = await overview((await user()).token);
    expect(o).toMatchObject({ quote: 'USDT', estimate: '0.00', unpriced: [] });
    expect(o.accounts.map((a) => a.account)).toEqual(['spot', 'lever', 'legal', 'second', 'finance']);
    for (const a of o.accounts) {
      expect(a.coins.map((c) => c.coin)).toContain('BTC');
      for (const c of a.coins)
        expect(c).toMatchObject({ available: '0.00000000', frozen: '0.00000000', estimate: '0.00' });
    }
  });

  it('estimates in USDT from the last BTC/USDT trade only, floored, and null without a price', async () => {
    const me = await user();
    await fund(env.server.dataDir, me.id, 'USDT', '1234.5678');
    await fund(env.server.dataDir, me.id, 'BTC', '0.5');
    await call(env.origin, 'assets/transfer', me.token, {
      from: 'spot',
      to: 'lever',
      coin: 'USDT',
      amount: '34.5',
    });

    let o = await overview(me.token);
    const spotUsdt = o.accounts[0]!.coins.find((c) => c.coin === 'USDT')!;
    expect(spotUsdt).toMatchObject({ available: '1200.06780000', price: '1', estimate: '1200.06' });
    const spotBtc = o.accounts[0]!.coins.find((c) => c.coin === 'BTC')!;
    expect(spotBtc).toMatchObject({ total: '0.50000000', price: null, estimate: null });
    expect(o.accounts[0]).toMatchObject({ estimate: '1200.06', unpriced: ['BTC'] });
    expect(o.accounts[1]).toMatchObject({ estimate: '34.50', unpriced: [] });
    expect(o).toMatchObject({ estimate: '1234.56', unpriced: ['BTC'] });

    // Two other users trade 0.001 BTC at 65000.01: the ticker's last price is now known.
    const seller = await user();
    const buyer = await user();
    await fund(env.server.dataDir, seller.id, 'BTC', '1');
    await fund(env.server.dataDir, buyer.id, 'USDT', '1000');
    const order = { symbol: 'BTC/USDT', type: 'limit', price: '65000.01', qty: '0.001' };
    dataOf<SpotOrder>(await call(env.origin, 'trade/place', seller.token, { ...order, side: 'sell' }));
    dataOf<SpotOrder>(await call(env.origin, 'trade/place', buyer.token, { ...order, side: 'buy' }));

    o = await overview(me.token);
    const btc = o.accounts[0]!.coins.find((c) => c.coin === 'BTC')!;
    // 0.5 × 65000.01 = 32500.005, floored.
    expect(btc).toMatchObject({ price: '65000.01', estimate: '32500.00' });
    expect(o.accounts[0]).toMatchObject({ estimate: '33700.07', unpriced: [] });
    expect(o).toMatchObject({ estimate: '33734.57', unpriced: [] });
    const eth = o.accounts[0]!.coins.find((c) => c.coin === 'ETH')!;
    expect(eth).toMatchObject({ price: null, estimate: '0.00' });
  });

  it('shows frozen amounts of open orders beside the available ones', async () => {
    const me = await user();
    await fund(env.server.dataDir, me.id, 'USDT', '100');
    const placed = dataOf<SpotOrder>(
      await call(env.origin, 'trade/place', me.token, {
        symbol: 'ETH/USDT',
        side: 'buy',
        type: 'limit',
        price: '100',
        qty: '0.1',
      }),
    );
    expect(placed.status).toBe('open');
    const usdt = (await overview(me.token)).accounts[0]!.coins.find((c) => c.coin === 'USDT')!;
    expect(BigInt(usdt.frozen.replace('.', ''))).toBeGreaterThan(0n);
    expect(BigInt(usdt.available.replace('.', '')) + BigInt(usdt.frozen.replace('.', ''))).toBe(
      10_000_000_000n,
    );
    expect(usdt.total).toBe('100.00000000');
  });
});

describe('assets/journal', () => {
  it('pages newest first, filters by account, coin and kind, and shows only the caller’s lines', async () => {
    const me = await user();
    const other = await user();
    await fund(env.server.dataDir, me.id, 'USDT', '50');
    await fund(env.server.dataDir, me.id, 'BTC', '0.1');
    await fund(env.server.dataDir, other.id, 'USDT', '50');
    for (let i = 1; i <= 5; i++) {
      await call(env.origin, 'assets/transfer', me.token, {
        from: 'spot',
        to: 'finance',
        coin: 'USDT',
        amount: `${i}`,
      });
    }
    await call(env.origin, 'assets/transfer', me.token, {
      from: 'spot',
      to: 'legal',
      coin: 'BTC',
      amount: '0.05',
    });
    await call(env.origin, 'assets/transfer', other.token, {
      from: 'spot',
      to: 'finance',
      coin: 'USDT',
      amount: '1',
    });

    const all: JournalLine[] = [];
    let before: number | undefined;
    for (;;) {
      const page = dataOf<JournalLine[]>(
        await call(env.origin, 'assets/journal', me.token, { limit: 4, ...(before && { before }) }),
      );
      if (page.length === 0) break;
      all.push(...page);
      before = page.at(-1)!.id;
    }
    // 2 grants + 6 transfers × 2 lines.
    expect(all).toHaveLength(14);
    expect(all.map((l) => l.id)).toEqual([...all.map((l) => l.id)].sort((a, b) => b - a));
    expect(all.at(-1)).toMatchObject({
      kind: 'test.grant',
      account: 'spot',
      coin: 'USDT',
      delta: '50.00000000',
    });
    const ownTx = new Set(all.map((l) => l.txId));

    const finance = dataOf<JournalLine[]>(
      await call(env.origin, 'assets/journal', me.token, {
        account: 'finance',
        coin: 'USDT',
        kind: 'transfer',
      }),
    );
    expect(finance.map((l) => l.delta)).toEqual([
      '5.00000000',
      '4.00000000',
      '3.00000000',
      '2.00000000',
      '1.00000000',
    ]);
    expect(finance.map((l) => l.balanceAfter)).toEqual([
      '15.00000000',
      '10.00000000',
      '6.00000000',
      '3.00000000',
      '1.00000000',
    ]);
    const btc = dataOf<JournalLine[]>(await call(env.origin, 'assets/journal', me.token, { coin: 'BTC' }));
    expect(btc.map((l) => [l.account, l.delta])).toEqual([
      ['legal', '0.05000000'],
      ['spot', '-0.05000000'],
      ['spot', '0.10000000'],
    ]);
    const theirs = dataOf<JournalLine[]>(await call(env.origin, 'assets/journal', other.token, {}));
    for (const l of theirs) expect(ownTx.has(l.txId)).toBe(false);
    expect(
      dataOf<JournalLine[]>(await call(env.origin, 'assets/journal', me.token, { kind: 'spot.trade' })),
    ).toEqual([]);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ account: 'wallet' }, 'account', 'unknownAccount'],
    [{ coin: 'FOO' }, 'coin', 'unknownCoin'],
    [{ kind: 'DROP TABLE' }, 'kind', 'badRequest'],
    [{ before: '0' }, 'before', 'badRequest'],
    [{ limit: '1.5' }, 'limit', 'badRequest'],
  ])('refuses %j in the caller’s language', async (fields, field, key) => {
    const { token } = await user();
    const res = await call(env.origin, 'assets/journal', token, fields, 'hi');
    expect(res.body).toEqual({ code: 400, data: null, msg: errorText('hi', key), key, field });
  });
});
