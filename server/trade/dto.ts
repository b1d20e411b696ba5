import { fromUnits, type SpotFill, type SpotOrder } from '../../domain';
import type { OrderRow, TradeRow } from './order-store';
import type { PairUnits } from '../shared/units';

/** The app's view of an order row. */
export function toSpotOrder(o: OrderRow, u: PairUnits): SpotOrder {
  const quoteDec = u.priceDecimals + u.qtyDecimals;
  const avg = o.filledLots > 0 ? avgPrice(o.filledQuoteUnits, o.filledLots, u) : null;
  return {
    id: o.id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    price: o.priceTicks === null ? null : u.price(o.priceTicks),
    qty: o.lots === null ? null : u.qty(o.lots),
    amount: o.budgetUnits === null ? null : fromUnits(o.budgetUnits, Math.min(8, quoteDec)),
    filledQty: u.qty(o.filledLots),
    filledAmount: fromUnits(o.filledQuoteUnits, Math.min(8, quoteDec)),
    avgPrice: avg,
    fee: fromUnits(o.feeUnits),
    feeCoin: o.side === 'buy' ? u.pair.base : u.pair.quote,
    status: o.status,
    reason: o.reason,
    clientOrderId: o.clientOrderId,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

/** Average fill price, floored to the tick decimals. */
function avgPrice(quoteUnits: bigint, lots: number, u: PairUnits): string {
  // price units per base unit: quote / (lots × lotUnits) scaled back to 1e-8.
  const perBase = (quoteUnits * 100_000_000n) / (BigInt(lots) * u.lotUnits);
  return fromUnits(perBase, u.priceDecimals);
}

/** The app's view of a trade from one participant's side. */
export function toSpotFill(t: TradeRow, userId: number, u: PairUnits): SpotFill {
  const maker = t.makerUserId === userId;
  const side = maker ? (t.takerSide === 'buy' ? 'sell' : 'buy') : t.takerSide;
  return {
    tradeId: t.id,
    orderId: maker ? t.makerOrderId : t.takerOrderId,
    symbol: t.symbol,
    side,
    role: maker ? 'maker' : 'taker',
    price: u.price(t.priceTicks),
    qty: u.qty(t.lots),
    amount: fromUnits(t.quoteUnits, Math.min(8, u.priceDecimals + u.qtyDecimals)),
    fee: fromUnits(maker ? t.makerFeeUnits : t.takerFeeUnits),
    feeCoin: side === 'buy' ? u.pair.base : u.pair.quote,
    ts: t.ts,
  };
}
