// Quick sell against the real book: exact quotes, execution through the spot order service with a
// slippage bound (refused whole past it), expired and stale quotes, bad input; every refusal leaves
// the database as it was, and the ledger holds after each test (on either engine).
import { describe, expect, it } from 'vitest';
import { QUOTE_TTL_MS } from '../../domain/sell-rules';
import type { SellRecord } from '../../domain/sell-types';
import { accountBalance, call, dataOf, errorText } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  bid,
  cancelAll,
  confirm,
  newUser,
  quote,
  quoteOf,
  recordOf,
  sellSnapshot,
  startSellServer,
  type User,
} from '../support/sell';
import { checkedServer } from '../support/suite';
import type { RawReply } from '../support/api';

const env = checkedServer(startSellServer);

/** The reply is the refusal `key`, in `lang`'s words. */
function refused(r: RawReply, key: string, lang = 'en'): void {
  expect(r.body).toMatchObject({ code: 400, key, msg: errorText(lang, key) });
}

async function setUp(): Promise<{ buyer: User; seller: User }> {
  const buyer = await newUser(env.server, { USDT: '1000000' });
  const seller = await newUser(env.server, { BTC: '1' });
  return { buyer, seller };
}

describe('quick sell', () => {
  it('quotes exactly from the book, then sells whole within the bound with a receipt', async () => {
    const { origin, dataDir } = env.server;
    const { buyer, seller } = await setUp();
    await bid(origin, buyer, '60000', '0.01');
    await bid(origin, buyer, '59900', '0.006');
    await bid(origin, buyer, '59900', '0.004');
    await bid(origin, buyer, '59000', '1');

    const q = quoteOf(await quote(origin, seller, 'BTC', '0.02'));
    // 0.01 × 60000 + 0.006 × 59900 + 0.004 × 59900; the fee 0.1 % of each fill, floored.
    expect(q).toMatchObject({
      symbol: 'BTC/USDT',
      coin: 'BTC',
      quoteCoin: 'USDT',
      qty: '0.02000',
      gross: '1199.00000000',
      fee: '1.19900000',
      received: '1197.80100000',
      avgPrice: '59950.00000000',
      worstPrice: '59900.00',
      feeRate: '0.001',
    });
    expect(q.expiresAt - q.createdAt).toBe(QUOTE_TTL_MS);

    const sold = recordOf(await confirm(origin, seller, q.id, '0.5'));
    expect(sold).toMatchObject({
      qty: '0.02000',
      filledQty: '0.02000',
      gross: '1199.00000000',
      fee: '1.19900000',
      received: '1197.80100000',
      avgPrice: '59950.00000000',
      slippage: '0.5',
      // 59900 × 0.995 = 59600.5, on the tick.
      boundPrice: '59600.50',
      quote: { id: q.id, received: '1197.80100000', avgPrice: '59950.00000000', worstPrice: '59900.00' },
    });
    // One fill per resting order, each a spot trade of the seller's order.
    expect(sold.fills.map((f) => [f.price, f.qty, f.value, f.fee])).toEqual([
      ['60000.00', '0.01000', '600.00000000', '0.60000000'],
      ['59900.00', '0.00600', '359.40000000', '0.35940000'],
      ['59900.00', '0.00400', '239.60000000', '0.23960000'],
    ]);
    await withServerDb(dataDir, async (db) => {
      const tx = await db.get<{ kind: string; ref_id: string }>(
        'select kind, ref_id from ledger_tx where id = ?',
        sold.ledgerTxId,
      );
      expect(tx).toEqual({ kind: 'spot.trade', ref_id: String(sold.orderId) });
      const trades = await db.all<{ id: number }>(
        'select id from spot_trades where taker_order_id = ? order by id',
        sold.orderId,
      );
      expect(trades.map((t) => Number(t.id))).toEqual(sold.fills.map((f) => f.tradeId));
    });
    expect(await accountBalance(dataDir, seller.id, 'spot', 'BTC')).toEqual({
      available: 98_000_000n,
      frozen: 0n,
    });
    expect(await accountBalance(dataDir, seller.id, 'spot', 'USDT')).toEqual({
      available: 119_780_100_000n,
      frozen: 0n,
    });

    // The log shows it with its fills; the quote is spent.
    const log = dataOf<SellRecord[]>(await call(origin, 'sell/log', seller.token));
    expect(log).toEqual([sold]);
    const before = await sellSnapshot(dataDir, seller.id);
    refused(await confirm(origin, seller, q.id, '0.5'), 'sellQuoteStale');
    expect(await sellSnapshot(dataDir, seller.id)).toEqual(before);
    await cancelAll(origin, buyer);
  });

  it('quotes the fee each resting order will charge, floored per trade, and the sell pays exactly that', async () => {
    const { origin } = env.server;
    const { buyer, seller } = await setUp();
    // Two orders at one level: each fill's value 30.0000050 pays a fee of 0.030000005, floored to
    // 0.03000000; one fill of the level's 60.00001 would pay 0.06000001.
    await bid(origin, buyer, '60000.01', '0.0005');
    await bid(origin, buyer, '60000.01', '0.0005');
    const q = quoteOf(await quote(origin, seller, 'BTC', '0.001'));
    expect(q).toMatchObject({ gross: '60.00001000', fee: '0.06000000', received: '59.94001000' });
    const sold = recordOf(await confirm(origin, seller, q.id, '0'));
    expect(sold.fills.map((f) => f.fee)).toEqual(['0.03000000', '0.03000000']);
    expect(sold).toMatchObject({ fee: q.fee, received: q.received, boundPrice: '60000.01' });
    await cancelAll(origin, buyer);
  });

  it('refuses a sell whose bound the book no longer meets, selling nothing, and sells within a wider one', async () => {
    const { origin, dataDir } = env.server;
    const { buyer, seller } = await setUp();
    const other = await newUser(env.server, { BTC: '1' });
    await bid(origin, buyer, '60000', '0.01');
    await bid(origin, buyer, '59900', '0.01');
    await bid(origin, buyer, '59000', '1');
    const q = quoteOf(await quote(origin, seller, 'BTC', '0.02'));
    expect(q.worstPrice).toBe('59900.00');

    // Someone else takes the best bid before the confirmation.
    dataOf(
      await call(origin, 'trade/place', other.token, {
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'market',
        qty: '0.01',
      }),
    );
    const before = await sellSnapshot(dataDir, seller.id);
    // Bound 59600.50: only 0.01 of the 0.02 is above it. Refused whole, in the user's language.
    refused(await confirm(origin, seller, q.id, '0.5', 'zh'), 'sellSlippage', 'zh');
    expect(await sellSnapshot(dataDir, seller.id)).toEqual(before);

    // The same quote, a wider bound (59900 × 0.984 = 58941.6): the rest fills at 59000.
    const sold = recordOf(await confirm(origin, seller, q.id, '1.6'));
    expect(sold.boundPrice).toBe('58941.60');
    expect(sold.fills.map((f) => [f.price, f.qty])).toEqual([
      ['59900.00', '0.01000'],
      ['59000.00', '0.01000'],
    ]);
    expect(sold.received).toBe('1187.81100000');
    expect(sold.quote.received).toBe(q.received);
    await cancelAll(origin, buyer);
  });

  it('refuses an expired quote and a replaced one, changing nothing', async () => {
    const { origin, dataDir } = env.server;
    const server = env.server;
    const { buyer, seller } = await setUp();
    await bid(origin, buyer, '60000', '1');
    try {
      server.clock.now = Date.now();
      const q = quoteOf(await quote(origin, seller, 'BTC', '0.1'));
      server.clock.now += QUOTE_TTL_MS - 1;
      const before = await sellSnapshot(dataDir, seller.id);
      server.clock.now += 1;
      refused(await confirm(origin, seller, q.id, '1', 'id'), 'sellQuoteExpired', 'id');
      expect(await sellSnapshot(dataDir, seller.id)).toEqual(before);

      // A new quote replaces the one before it.
      const first = quoteOf(await quote(origin, seller, 'BTC', '0.1'));
      const second = quoteOf(await quote(origin, seller, 'BTC', '0.2'));
      const mid = await sellSnapshot(dataDir, seller.id);
      refused(await confirm(origin, seller, first.id, '1'), 'sellQuoteStale');
      expect(await sellSnapshot(dataDir, seller.id)).toEqual(mid);
      // Somebody else's quote is answered like a stale one.
      const stranger = await newUser(env.server, { BTC: '1' });
      refused(await confirm(origin, stranger, second.id, '1'), 'sellQuoteStale');
      // Within its time the newest one sells.
      server.clock.now += QUOTE_TTL_MS - 1;
      expect(recordOf(await confirm(origin, seller, second.id, '1')).qty).toBe('0.20000');
    } finally {
      server.clock.now = null;
      await cancelAll(origin, buyer);
    }
  });

  it('sells a quote once when two confirmations race', async () => {
    const { origin } = env.server;
    const { buyer, seller } = await setUp();
    await bid(origin, buyer, '60000', '1');
    const q = quoteOf(await quote(origin, seller, 'BTC', '0.1'));
    const replies = await Promise.all([1, 2, 3].map(() => confirm(origin, seller, q.id, '1')));
    const ok = replies.filter((r) => r.body?.code === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.body?.code !== 200)) refused(r, 'sellQuoteStale');
    expect(dataOf<SellRecord[]>(await call(origin, 'sell/log', seller.token))).toHaveLength(1);
    await cancelAll(origin, buyer);
  });

  it('refuses bad input with a localized error and changes nothing', async () => {
    const { origin, dataDir } = env.server;
    const { buyer } = await setUp();
    // USDT too: it places a bid of its own later.
    const seller = await newUser(env.server, { BTC: '1', USDT: '1000' });
    const poor = await newUser(env.server);
    await bid(origin, buyer, '60000', '0.5');
    const before = await sellSnapshot(dataDir, seller.id);
    refused(await quote(origin, seller, 'BTC', '0.000001', 'zh'), 'sellTooManyDecimals', 'zh');
    refused(await quote(origin, seller, 'BTC', 'abc'), 'amountFormat');
    refused(await quote(origin, seller, 'BTC', '2'), 'insufficientBalance');
    refused(await quote(origin, seller, 'BTC', '0.9'), 'sellBookTooThin');
    refused(await quote(origin, seller, 'USDT', '1'), 'sellNotSellable');
    refused(await quote(origin, poor, 'BTC', '0.1', 'id'), 'insufficientBalance', 'id');
    expect(await sellSnapshot(dataDir, seller.id)).toEqual(before);

    const q = quoteOf(await quote(origin, seller, 'BTC', '0.1'));
    const quoted = await sellSnapshot(dataDir, seller.id);
    refused(await confirm(origin, seller, q.id, '10.01'), 'sellSlippageRange');
    refused(await confirm(origin, seller, q.id, '0.125'), 'sellSlippageRange');
    refused(await confirm(origin, seller, 999_999, '1'), 'sellQuoteStale');
    expect(await sellSnapshot(dataDir, seller.id)).toEqual(quoted);

    // The seller's own bid in the way: refused at the quote and at the sell.
    await bid(origin, seller, '60001', '0.001');
    refused(await quote(origin, seller, 'BTC', '0.1'), 'sellOwnOrders');
    await cancelAll(origin, seller);
    await bid(origin, buyer, '59999', '1');
    const q2 = quoteOf(await quote(origin, seller, 'BTC', '0.6'));
    await bid(origin, seller, '59999.5', '0.001');
    const withOwn = await sellSnapshot(dataDir, seller.id);
    refused(await confirm(origin, seller, q2.id, '1'), 'sellOwnOrders');
    expect(await sellSnapshot(dataDir, seller.id)).toEqual(withOwn);
    await cancelAll(origin, seller);
    await cancelAll(origin, buyer);
  });
});
