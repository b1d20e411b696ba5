import type SQLite from 'better-sqlite3';
import type { Engine } from '../../../server/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toUnits } from '../../../domain';
import { AppError } from '../../../server/http/app-error';
import {
  HOUSE_USER_ID,
  Ledger,
  WORLD_USER_ID,
  ledgerViolations,
  type BalanceAuthority,
} from '../../../server/ledger';
import { OrderService, type BatchOutput } from '../../../server/trade/order-service';
import { BTC_USDT as PAIR, spotEngine } from '../../support/spot';

let sqlite: SQLite.Database;
let engine: Engine;
let ledger: Ledger;
let svc: OrderService;
let batches: BatchOutput[];

const fund = (userId: number, coin: string, amount: string) =>
  engine.writer.run(() =>
    ledger.transfer(
      { kind: 'test.grant', refType: 'test', refId: '0', actor: 'test' },
      { userId: WORLD_USER_ID, account: 'spot', coin },
      { userId, account: 'spot', coin },
      toUnits(amount),
    ),
  );
const bal = (userId: number, coin: string) => ledger.balance({ userId, account: 'spot', coin });
const limit = (userId: number, side: 'buy' | 'sell', price: string, qty: string) =>
  svc.place(userId, { symbol: 'BTC/USDT', side, type: 'limit', price, qty });
const start = async () => {
  svc = await OrderService.open(engine, ledger, [PAIR], () => 1_700_000_000_000);
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

describe.each<BalanceAuthority>(['database', 'memory'])('spot orders with %s authority', (authority) => {
  beforeEach(async () => {
    ({ sqlite, engine } = spotEngine([1, 2]));
    ledger = await Ledger.open(engine, authority);
    batches = [];
    await start();
    await fund(1, 'USDT', '10000');
    await fund(2, 'BTC', '1');
  });

  afterEach(async () => {
    expect(await ledgerViolations(engine)).toEqual([]);
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
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('5000'), frozen: toUnits('5000') });
      const c = await svc.cancel(1, o.id);
      expect(c.status).toBe('cancelled');
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
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
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('5000'), frozen: 0n });
      // Taker fee 0.2 % of 0.1 BTC; maker fee 0.1 % of 5000 USDT.
      expect((await bal(1, 'BTC')).available).toBe(toUnits('0.0998'));
      expect((await bal(2, 'USDT')).available).toBe(toUnits('4995'));
      expect(await bal(2, 'BTC')).toEqual({ available: toUnits('0.9'), frozen: 0n });
      expect((await bal(HOUSE_USER_ID, 'BTC')).available).toBe(toUnits('0.0002'));
      expect((await bal(HOUSE_USER_ID, 'USDT')).available).toBe(toUnits('5'));
      expect(batches.at(-1)!.trades).toHaveLength(1);
      expect(batches.at(-1)!.trades[0]).toMatchObject({
        priceTicks: 5_000_000,
        lots: 1000,
        takerSide: 'buy',
      });
    });

    it('runs a market buy by amount, releasing what the budget did not use', async () => {
      await svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.01' });
      const o = await svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '1000' });
      expect(o.status).toBe('cancelled');
      expect(o.reason).toBe('ioc-remainder');
      expect(o.filledLots).toBe(100);
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('9700'), frozen: 0n });
    });

    it('refuses a market order with no opposite side, changing nothing', async () => {
      expect(
        await errorKey(svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '100' })),
      ).toBe('noOptimalPrice');
      expect(sqlite.prepare('select count(*) as n from spot_orders').get()).toEqual({ n: 0 });
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
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

    it('refuses a cancel of an order no longer open by reading it after the batch, and changes nothing', async () => {
      const sold = await limit(2, 'sell', '50000', '0.1');
      const bought = await limit(1, 'buy', '50000', '0.1');
      expect([sold.status, bought.status]).toEqual(['open', 'filled']);
      const kept = await limit(1, 'buy', '100', '0.1');
      await svc.cancel(1, kept.id);
      const late = await limit(2, 'sell', '50000', '0.01');
      const before = [await bal(1, 'USDT'), await bal(2, 'USDT')];
      const rows = sqlite.prepare('select id, status, updated_at from spot_orders order by id').all();
      // Filled in an earlier batch (read after the batch), cancelled in an earlier batch (the same),
      // and filled earlier in the cancel's own batch (the writer still holds it): each refused as not
      // open, to its owner only.
      const [taker, filledInBatch, filledThen, cancelledThen, strangers] = await Promise.all([
        limit(1, 'buy', '50000', '0.01'),
        errorKey(svc.cancel(2, late.id)),
        errorKey(svc.cancel(2, sold.id)),
        errorKey(svc.cancel(1, kept.id)),
        Promise.all([errorKey(svc.cancel(2, bought.id)), errorKey(svc.cancel(1, sold.id))]),
      ]);
      expect(taker.status).toBe('filled');
      expect([filledInBatch, filledThen, cancelledThen]).toEqual([
        'orderNotOpen',
        'orderNotOpen',
        'orderNotOpen',
      ]);
      expect(strangers).toEqual(['notFound', 'notFound']);
      // The refusals changed nothing: the rows before them are as they were, and only the taker's
      // fill moved money.
      expect(
        sqlite
          .prepare('select id, status, updated_at from spot_orders where id < ? order by id')
          .all(late.id),
      ).toEqual(rows.filter((r) => (r as { id: number }).id < late.id));
      expect((await bal(1, 'USDT')).available).toBe(before[0]!.available - toUnits('500'));
      expect(await bal(2, 'USDT')).toEqual({
        available: before[1]!.available + toUnits('499.5'),
        frozen: 0n,
      });
    });

    it('refuses a cancel of an open order of a market it no longer runs as closed, not as a fault', async () => {
      const o = await limit(1, 'buy', '100', '0.1');
      await svc.close();
      // Restarted without the pair: the order stays open in the database, held by no engine.
      svc = await OrderService.open(engine, ledger, [], () => 1_700_000_000_000);
      expect(await errorKey(svc.cancel(1, o.id))).toBe('marketClosed');
      expect(await errorKey(svc.cancel(2, o.id))).toBe('notFound');
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('9990'), frozen: toUnits('10') });
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
      expect((await bal(1, 'USDT')).frozen).toBe(toUnits('10'));
    });

    it('answers resends of orders that ended in earlier batches, more than one read holds, and makes new ones once', async () => {
      const sell = (n: number) =>
        svc.place(2, {
          symbol: 'BTC/USDT',
          side: 'sell',
          type: 'limit',
          price: '50000',
          qty: '0.001',
          clientOrderId: `s-${n}`,
        });
      const first = await Promise.all(Array.from({ length: 70 }, (_, n) => sell(n)));
      const taker = await svc.place(1, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '50000',
        qty: '0.07',
      });
      expect(taker.status).toBe('filled');
      const before = [await bal(1, 'USDT'), await bal(2, 'BTC'), await bal(2, 'USDT')];
      const orders = (sqlite.prepare('select count(*) as n from spot_orders').get() as { n: number }).n;
      batches = [];
      // One batch: every resend of an order filled and forgotten since, a new client id twice, and a
      // client id of the other user's (client ids are the user's own).
      const [resent, fresh, again, other] = await Promise.all([
        Promise.all(Array.from({ length: 70 }, (_, n) => sell(n))),
        sell(70),
        sell(70),
        svc.place(1, {
          symbol: 'BTC/USDT',
          side: 'buy',
          type: 'limit',
          price: '100',
          qty: '0.1',
          clientOrderId: 's-0',
        }),
      ]);
      expect(batches).toHaveLength(1);
      expect(resent.map((o) => [o.id, o.status])).toEqual(first.map((o) => [o.id, 'filled']));
      expect(again.id).toBe(fresh.id);
      expect(fresh.status).toBe('open');
      expect(other).toMatchObject({ userId: 1, status: 'open' });
      expect(other.id).not.toBe(first[0]!.id);
      expect((sqlite.prepare('select count(*) as n from spot_orders').get() as { n: number }).n).toBe(
        orders + 2,
      );
      expect(await bal(2, 'BTC')).toEqual({
        available: before[1]!.available - toUnits('0.001'),
        frozen: toUnits('0.001'),
      });
      expect(await bal(2, 'USDT')).toEqual(before[2]);
      expect((await bal(1, 'USDT')).frozen).toBe(before[0]!.frozen + toUnits('10'));
    });

    it('keeps its orders when another command of the same writer batch is refused', async () => {
      const refused = engine.writer.run(async () => {
        await fund(2, 'USDT', '1');
        throw new Error('refused after a write');
      });
      const o = svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '100', qty: '0.1' });
      await expect(refused).rejects.toThrow('refused after a write');
      expect(await o).toMatchObject({ status: 'open' });
      expect((await bal(1, 'USDT')).frozen).toBe(toUnits('10'));
      expect(await bal(2, 'USDT')).toEqual({ available: 0n, frozen: 0n });
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
      await start();
      expect(svc.engine('BTC/USDT')!.snapshot().asks).toEqual([[4_000_000, 700]]);
      const buy = await svc.place(1, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '40000',
        qty: '0.07',
      });
      expect(buy.status).toBe('filled');
      expect(await bal(2, 'BTC')).toEqual({ available: toUnits('0.93'), frozen: 0n });
    });
  });

  describe('OrderService batch cache', () => {
    const sell = (price: string, qty: string) =>
      svc.place(2, { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price, qty });
    const buy = (price: string, qty: string) =>
      svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price, qty });
    const stored = (id: number) =>
      sqlite
        .prepare(
          'select filled_lots, filled_quote_units, fee_units, frozen_units, status from spot_orders where id = ?',
        )
        .get(id);

    it('fills one maker from several takers in a batch and writes its row once, right after a restart', async () => {
      const maker = await sell('50000', '0.1');
      const [a, b] = await Promise.all([buy('50000', '0.03'), buy('50000', '0.03')]);
      expect(batches).toHaveLength(2);
      expect([a.status, b.status]).toEqual(['filled', 'filled']);
      await start();
      expect(svc.engine('BTC/USDT')!.snapshot().asks).toEqual([[5_000_000, 400]]);
      // Maker fee 0.1 % of 3000 USDT.
      expect(stored(maker.id)).toEqual({
        filled_lots: 600,
        filled_quote_units: Number(toUnits('3000')),
        fee_units: Number(toUnits('3')),
        frozen_units: Number(toUnits('0.04')),
        status: 'open',
      });
      const [c, d] = await Promise.all([buy('50000', '0.01'), buy('50000', '0.03')]);
      expect([c.status, d.status]).toEqual(['filled', 'filled']);
      expect(stored(maker.id)).toMatchObject({ filled_lots: 1000, frozen_units: 0, status: 'filled' });
      expect(await svc.orders.get(maker.id)).toMatchObject({ filledLots: 1000, feeUnits: toUnits('5') });
      expect(await bal(2, 'BTC')).toEqual({ available: toUnits('0.9'), frozen: 0n });
      expect((await bal(2, 'USDT')).available).toBe(toUnits('4995'));
      expect(sqlite.prepare('select count(*) as n from spot_trades').get()).toEqual({ n: 4 });
    });

    it('replies with each order as it stood after its own command', async () => {
      const [maker, taker] = await Promise.all([sell('50000', '0.1'), buy('50000', '0.04')]);
      expect(batches).toHaveLength(1);
      // The maker rested untouched when its command ran; the taker filled it afterwards.
      expect(maker).toMatchObject({ status: 'open', filledLots: 0 });
      expect(taker).toMatchObject({ status: 'filled', filledLots: 400 });
      expect(await svc.orders.get(maker.id)).toMatchObject({ status: 'open', filledLots: 400 });
      expect(batches[0]!.trades.map((t) => t.id)).toEqual([1]);
    });

    it('cancels an order placed earlier in the same batch', async () => {
      const [placed, cancelled] = await Promise.all([buy('100', '0.1'), svc.cancel(1, 1)]);
      expect(placed).toMatchObject({ id: 1, status: 'open' });
      expect(cancelled).toMatchObject({ id: 1, status: 'cancelled', reason: 'cancelled' });
      expect(stored(1)).toMatchObject({ status: 'cancelled', frozen_units: 0 });
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
    });

    it('rolls a faulty batch back whole, then allocates ids from what was committed', async () => {
      await sell('50000', '0.1');
      vi.spyOn(svc.orders, 'insertTrade').mockImplementationOnce(() => {
        throw new Error('disk on fire');
      });
      const results = await Promise.allSettled([buy('40000', '0.01'), buy('50000', '0.02')]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(sqlite.prepare('select count(*) as n from spot_orders').get()).toEqual({ n: 1 });
      expect(svc.engine('BTC/USDT')!.snapshot()).toMatchObject({ bids: [], asks: [[5_000_000, 1000]] });
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('10000'), frozen: 0n });
      const again = await buy('50000', '0.02');
      expect(again).toMatchObject({ id: 2, status: 'filled' });
      expect(batches.at(-1)!.trades.map((t) => t.id)).toEqual([1]);
    });

    it('on close commits what is queued, then refuses new orders (shutdown before the database closes)', async () => {
      const queued = svc.place(1, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '100',
        qty: '0.1',
      });
      const closing = svc.close();
      expect(await queued).toMatchObject({ status: 'open' });
      await closing;
      expect(batches).toHaveLength(1);
      await expect(
        svc.place(1, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '101', qty: '0.1' }),
      ).rejects.toThrow('closed');
      // Nothing is left scheduled to run against the connection once it is closed.
      await new Promise((resolve) => setImmediate(resolve));
      expect(batches).toHaveLength(1);
      expect((await bal(1, 'USDT')).frozen).toBe(toUnits('10'));
    });
  });

  describe('OrderService ledger transactions', () => {
    type Line = { userId: number; coin: string; field: string; delta: bigint };
    const txs = () =>
      sqlite
        .prepare(
          "select id, kind, ref_id as refId, actor, memo from ledger_tx where kind like 'spot.%' order by id",
        )
        .all() as Array<{ id: number; kind: string; refId: string; actor: string; memo: string | null }>;
    const lines = (txId: number) =>
      (
        sqlite
          .prepare('select user_id, coin, field, delta from journal where tx_id = ? order by id')
          .safeIntegers(true)
          .all(txId) as Array<Record<string, bigint | string>>
      ).map((r): Line => ({
        userId: Number(r.user_id),
        coin: String(r.coin),
        field: String(r.field),
        delta: r.delta as bigint,
      }));
    const place = (userId: number, side: 'buy' | 'sell', price: string, qty: string) =>
      svc.place(userId, { symbol: 'BTC/USDT', side, type: 'limit', price, qty });

    it('writes one freeze for a resting order and one release for its cancel', async () => {
      const o = await place(1, 'buy', '50000', '0.1');
      await svc.cancel(1, o.id);
      const [freeze, release] = txs();
      expect(freeze).toMatchObject({ kind: 'spot.freeze', refId: String(o.id), actor: 'user:1', memo: null });
      expect(lines(freeze!.id)).toEqual([
        { userId: 1, coin: 'USDT', field: 'available', delta: -toUnits('5000') },
        { userId: 1, coin: 'USDT', field: 'frozen', delta: toUnits('5000') },
      ]);
      expect(release).toMatchObject({ kind: 'spot.release', refId: String(o.id), actor: 'user:1' });
      expect(lines(release!.id)).toEqual([
        { userId: 1, coin: 'USDT', field: 'frozen', delta: -toUnits('5000') },
        { userId: 1, coin: 'USDT', field: 'available', delta: toUnits('5000') },
      ]);
    });

    it('settles a taker that sweeps two makers as one transaction netted per holder, naming its trades', async () => {
      await place(2, 'sell', '50000', '0.05');
      await place(2, 'sell', '50500', '0.05');
      const before = txs().length;
      const taker = await place(1, 'buy', '51000', '0.1');
      expect(taker.status).toBe('filled');
      const after = txs();
      expect(after).toHaveLength(before + 1);
      const tx = after.at(-1)!;
      expect(tx).toMatchObject({
        kind: 'spot.trade',
        refId: String(taker.id),
        actor: 'user:1',
        memo: 'spot_trades 1-2',
      });
      // The taker froze 5100 and spent 2500 + 2525; freeze, fills and release net to one line, and the
      // house gets one line per coin for both fills (taker 0.2 % of 0.1 BTC, maker 0.1 % of 5025 USDT).
      expect(lines(tx.id)).toEqual([
        { userId: 1, coin: 'USDT', field: 'available', delta: -toUnits('5025') },
        { userId: 2, coin: 'USDT', field: 'available', delta: toUnits('5019.975') },
        { userId: HOUSE_USER_ID, coin: 'USDT', field: 'available', delta: toUnits('5.025') },
        { userId: 2, coin: 'BTC', field: 'frozen', delta: -toUnits('0.1') },
        { userId: 1, coin: 'BTC', field: 'available', delta: toUnits('0.0998') },
        { userId: HOUSE_USER_ID, coin: 'BTC', field: 'available', delta: toUnits('0.0002') },
      ]);
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('4975'), frozen: 0n });
    });

    it('keeps what a partly filled taker still rests with frozen in its one transaction', async () => {
      await place(2, 'sell', '50000', '0.04');
      const taker = await place(1, 'buy', '50000', '0.1');
      expect(taker).toMatchObject({ status: 'open', filledLots: 400 });
      const tx = txs().at(-1)!;
      expect(tx.kind).toBe('spot.trade');
      expect(lines(tx.id).filter((l) => l.userId === 1 && l.coin === 'USDT')).toEqual([
        { userId: 1, coin: 'USDT', field: 'available', delta: -toUnits('5000') },
        { userId: 1, coin: 'USDT', field: 'frozen', delta: toUnits('3000') },
      ]);
      expect(await bal(1, 'USDT')).toEqual({ available: toUnits('5000'), frozen: toUnits('3000') });
    });
  });
});
