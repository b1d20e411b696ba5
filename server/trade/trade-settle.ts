import type { PairInfo } from '../../domain';
import { HOUSE_USER_ID, type Holder, type PostingNet } from '../ledger';
import type { TradeEvent } from '../market';
import type { PairUnits } from '../shared/units';
import type { BatchOutput } from './order-batch';
import type { OrderStore, TradeRow } from './order-store';

/**
 * Settles one engine trade inside the command that made it: the `spot_trades` row (in the store's
 * batch), both orders' fills, the postings of both sides and the house's fees (added to `net`, posted
 * as the command's one transaction), and what the batch's listeners hear. Returns the trade's id.
 * Each side pays its fee in the coin it receives (the buyer in base, the seller in quote), at the
 * taker rate for the incoming order and the maker rate for the resting one, floored.
 */
export function settleTrade(
  market: { pair: PairInfo; units: PairUnits },
  t: TradeEvent,
  at: number,
  store: OrderStore,
  net: PostingNet,
  out: BatchOutput,
): number {
  const { pair, units } = market;
  const base = units.baseUnits(t.lots);
  const quote = units.quoteUnits(t.priceTicks, t.lots);
  const buyerIsTaker = t.takerSide === 'buy';
  const buyer = buyerIsTaker ? t.takerUserId : t.makerUserId;
  const seller = buyerIsTaker ? t.makerUserId : t.takerUserId;
  const buyerFee = units.fee(base, buyerIsTaker ? units.takerRate : units.makerRate);
  const sellerFee = units.fee(quote, buyerIsTaker ? units.makerRate : units.takerRate);
  const trade: Omit<TradeRow, 'id'> = {
    symbol: pair.symbol,
    priceTicks: t.priceTicks,
    lots: t.lots,
    quoteUnits: quote,
    takerSide: t.takerSide,
    makerOrderId: t.makerOrderId,
    takerOrderId: t.takerOrderId,
    makerUserId: t.makerUserId,
    takerUserId: t.takerUserId,
    makerFeeUnits: buyerIsTaker ? sellerFee : buyerFee,
    takerFeeUnits: buyerIsTaker ? buyerFee : sellerFee,
    ts: at,
  };
  const tradeId = store.insertTrade(trade);
  const holder = (userId: number, coin: string): Holder => ({ userId, account: 'spot', coin });
  net.add(holder(buyer, pair.quote), 'frozen', -quote);
  net.add(holder(seller, pair.quote), 'available', quote - sellerFee);
  net.add(holder(HOUSE_USER_ID, pair.quote), 'available', sellerFee);
  net.add(holder(seller, pair.base), 'frozen', -base);
  net.add(holder(buyer, pair.base), 'available', base - buyerFee);
  net.add(holder(HOUSE_USER_ID, pair.base), 'available', buyerFee);
  const buyOrder = buyerIsTaker ? t.takerOrderId : t.makerOrderId;
  const sellOrder = buyerIsTaker ? t.makerOrderId : t.takerOrderId;
  store.addFill(buyOrder, t.lots, quote, buyerFee, quote, at);
  store.addFill(sellOrder, t.lots, quote, sellerFee, base, at);
  out.orders.add(buyOrder).add(sellOrder);
  out.users.add(buyer).add(seller);
  out.trades.push({ ...trade, id: tradeId });
  return tradeId;
}
