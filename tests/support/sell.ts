// Quick sell against a real server: no market simulator (tests make the book), a settable clock
// for the quotes, the spot and sell calls the tests use, and what a refusal must leave unchanged.
import type { SellQuote, SellRecord } from '../../domain/sell-types';
import type { SpotOrder } from '../../domain';
import { defaultModules } from '../../server/app';
import { createSellModule } from '../../server/sell/module';
import { registerUser } from './accounts';
import type { RawReply } from './api';
import { call, dataOf, fund, rowsOf, SNAPSHOT_QUERIES } from './assets';
import { startTestServer, type TestServer } from './server';

/** A quick-sell test server and the clock its quotes are dated by. */
export interface SellServer extends TestServer {
  /** The sell area's clock: null follows the real time; tests set it to expire quotes. */
  clock: { now: number | null };
}

/** Starts the real server without the market simulator; the sell area reads `clock`. */
export async function startSellServer(): Promise<SellServer> {
  const clock: { now: number | null } = { now: null };
  const sell = createSellModule({ now: () => clock.now ?? Date.now() });
  const modules = defaultModules().map((m) => (m.name === 'sell' ? sell : m));
  const server = await startTestServer({ simMarket: false, simChain: false }, { modules });
  return Object.assign(server, { clock });
}

/** A registered user with a token and id. */
export interface User {
  id: number;
  token: string;
}

/** Registers a user and grants it spot balances (coin → decimal amount). */
export async function newUser(server: TestServer, funds: Record<string, string> = {}): Promise<User> {
  const grant = await registerUser(server.origin);
  for (const [coin, amount] of Object.entries(funds)) await fund(server.dataDir, grant.user.id, coin, amount);
  return { id: grant.user.id, token: grant.token };
}

/** A resting limit buy of BTC/USDT (or `symbol`). */
export async function bid(origin: string, user: User, price: string, qty: string, symbol = 'BTC/USDT') {
  return dataOf<SpotOrder>(
    await call(origin, 'trade/place', user.token, { symbol, side: 'buy', type: 'limit', price, qty }),
  );
}

/** Cancels every open spot order of `user` (each test leaves an empty book). */
export async function cancelAll(origin: string, user: User): Promise<void> {
  const open = dataOf<SpotOrder[]>(await call(origin, 'trade/orders', user.token, { status: 'open' }));
  for (const o of open) dataOf(await call(origin, 'trade/cancel', user.token, { orderId: o.id }));
}

/** Asks for a quote; the raw reply. */
export function quote(origin: string, user: User, coin: string, qty: string, lang = 'en'): Promise<RawReply> {
  return call(origin, 'sell/quote', user.token, { coin, qty }, lang);
}

/** Confirms a quote with a slippage in percent; the raw reply. */
export function confirm(
  origin: string,
  user: User,
  quoteId: number,
  slippage: string,
  lang = 'en',
): Promise<RawReply> {
  return call(origin, 'sell/confirm', user.token, { quoteId, slippage }, lang);
}

export const quoteOf = (r: RawReply) => dataOf<SellQuote>(r);
export const recordOf = (r: RawReply) => dataOf<SellRecord>(r);

/** What a refused quote or sell must leave as it was: balances, journal, quotes, receipts, orders. */
export function sellSnapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    balances: SNAPSHOT_QUERIES.balances,
    journal: 'select count(*) as n, max(id) as last from journal where user_id = ?',
    quotes: 'select id, status from sell_quotes where user_id = ? order by id',
    receipts: 'select count(*) as n from sell_receipts where user_id = ?',
    orders: 'select count(*) as n from spot_orders where user_id = ?',
  });
}
