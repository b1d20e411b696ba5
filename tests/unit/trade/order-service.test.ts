import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits, type PairInfo } from '../../../domain';
import { AppError } from '../../../server/http/app-error';
import { HOUSE_USER_ID, LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations } from '../../../server/ledger';
import { OrderService, type BatchOutput } from '../../../server/trade/order-service';
import { SPOT_DDL } from '../../../server/trade/schema';

const PAIR: PairInfo = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.002',
  status: 'trading',
};

let sqlite: SQLite.Database;
let ledger: Ledger;
let svc: OrderService;
let batches: BatchOutput[];

const fund = (userId: number, coin: string, amount: string) =>
  ledger.transfer(
    { kind: 'test.grant', refType: 'test', refId: '0', actor: 'test' },
    { userId: WORLD_USER_ID, account: 'spot', coin },
    { userId, account: 'spot', coin },
    toUnits(amount),
  );
const bal = (userId: number, coin: string) => ledger.balance({ userId, account: 'spot', coin });
const start = () => {
  svc = new OrderService(sqlite, ledger, [PAIR], () => 1_700_000_000_000);
  svc.onBatch((o) => batches.push(o));
};
const errorKey = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).key;
};

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  sqlite.exec('insert into users (id) values (1), (2)');
  for (const stmt of [...LEDGER_DDL, ...SPOT_DDL]) sqlite.exec(stmt);
  ledger = new Ledger(sqlite);
  batches = [];
  start();
  fund(1, 'USDT', '10000');
  fund(2, 'BTC', '1');
});

afterEach(() => {
  expect(ledgerViolations(sqlite)).toEqual([]);
  sqlite.close();
});

describe('OrderService', () => {
  it('rests a limit buy with its quote frozen, and cancel restores the balance', async () => {
    const o = await svc.place(1, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      qty: '0.1',
    });
    expect(o.status).toBe('open');
    expect(bal(1, 'USDT')).toEqual({ available: toUnits('5000'), frozen: toUnits('5000') });
    const c = await svc.cancel(1, o.id);
    expect(c.status).toBe('cancelled');
    expect(bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
  });

  it('matches crossing orders at the maker price, fees to the house in the coin received', async () => {
    await svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' });
    const buy = await svc.place(1, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '51000',
      qty: '0.1',
    });
    expect(buy.status).toBe('filled');
    // Buyer froze 5100 at its limit, paid 5000 at the maker price, the rest was released.
    expect(bal(1, 'USDT')).toEqual({ available: toUnits('5000'), frozen: 0n });
    // Taker fee 0.2 % of 0.1 BTC; maker fee 0.1 % of 5000 USDT.
    expect(bal(1, 'BTC').available).toBe(toUnits('0.0998'));
    expect(bal(2, 'USDT').available).toBe(toUnits('4995'));
    expect(bal(2, 'BTC')).toEqual({ available: toUnits('0.9'), frozen: 0n });
    expect(bal(HOUSE_USER_ID, 'BTC').available).toBe(toUnits('0.0002'));
    expect(bal(HOUSE_USER_ID, 'USDT').available).toBe(toUnits('5'));
    expect(batches.at(-1)!.trades).toHaveLength(1);
    expect(batches.at(-1)!.trades[0]).toMatchObject({ priceTicks: 5_000_000, lots: 1000, takerSide: 'buy' });
  });

  it('runs a market buy by amount, releasing what the budget did not use', async () => {
    await svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.01' });
    const o = await svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '1000' });
    expect(o.status).toBe('cancelled');
    expect(o.reason).toBe('ioc-remainder');
    expect(o.filledLots).toBe(100);
    expect(bal(1, 'USDT')).toEqual({ available: toUnits('9700'), frozen: 0n });
  });

  it('refuses a market order with no opposite side, changing nothing', async () => {
    expect(
      await errorKey(svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '100' })),
    ).toBe('noOptimalPrice');
    expect(sqlite.prepare('select count(*) as n from spot_orders').get()).toEqual({ n: 0 });
    expect(bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
  });

  it('refuses an order the balance cannot cover, keeping no order row', async () => {
    const key = await errorKey(
      svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }),
    );
    expect(key).toBe('insufficientBalance');
    expect(sqlite.prepare('select count(*) as n from spot_orders').get()).toEqual({ n: 0 });
  });

  it.each([
    [{ price: '50000.001', qty: '0.1' }, 'priceStep', 'price'],
    [{ price: '50000', qty: '0.00001' }, 'qtyStep', 'qty'],
    [{ price: '-1', qty: '0.1' }, 'amountFormat', 'price'],
    [{ price: '', qty: '0.1' }, 'required', 'price'],
    [{ price: '1', qty: '0.1' }, 'minNotional', 'qty'],
  ])('refuses %o with %s on %s', async (fields, key, field) => {
    const err = await svc
      .place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', ...fields })
      .catch((e: AppError) => e);
    expect(err).toMatchObject({ key, field });
  });

  it('refuses unknown markets and cancelling someone else’s order', async () => {
    expect(await errorKey(svc.place(1, { symbol: 'NOPE/USDT', side: 'buy', type: 'limit' }))).toBe(
      'unknownMarket',
    );
    const o = await svc.place(1, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      qty: '0.1',
    });
    expect(await errorKey(svc.cancel(2, o.id))).toBe('notFound');
    expect(await errorKey(svc.cancel(1, 99_999))).toBe('notFound');
  });

  it('returns the first order for a repeated client order id', async () => {
    const req = {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      qty: '0.1',
      clientOrderId: 'abc-1',
    } as const;
    const [a, b] = await Promise.all([svc.place(1, req), svc.place(1, req)]);
    expect(b.id).toBe(a.id);
    expect(bal(1, 'USDT').frozen).toBe(toUnits('10'));
  });

  it('commits concurrent orders as one batch', async () => {
    const reqs = Array.from({ length: 50 }, (_, i) =>
      svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: String(100 + i), qty: '0.1' }),
    );
    await Promise.all(reqs);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.orders.size).toBe(50);
  });

  it('rebuilds the book from open orders after a restart', async () => {
    await svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: '40000', qty: '0.05' });
    await svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: '40000', qty: '0.02' });
    start();
    expect(svc.engine('BTC/USDT')!.snapshot().asks).toEqual([[4_000_000, 700]]);
    const buy = await svc.place(1, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '40000',
      qty: '0.07',
    });
    expect(buy.status).toBe('filled');
    expect(bal(2, 'BTC')).toEqual({ available: toUnits('0.93'), frozen: 0n });
  });
});
