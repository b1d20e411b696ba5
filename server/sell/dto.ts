import { fromUnits } from '../../domain';
import type { SellQuote, SellRecord } from '../../domain/sell-types';
import type { QuoteRow, ReceiptRow } from './store';

/** A quote as the app sees it; `feeRate` is the market's taker rate. */
export function toSellQuote(q: QuoteRow, quoteCoin: string, feeRate: string, serverTime: number): SellQuote {
  return {
    id: q.id,
    symbol: q.symbol,
    coin: q.coin,
    quoteCoin,
    qty: q.qty,
    gross: fromUnits(q.grossUnits),
    fee: fromUnits(q.feeUnits),
    received: fromUnits(q.receivedUnits),
    avgPrice: q.avgPrice,
    worstPrice: q.worstPrice,
    feeRate,
    createdAt: q.createdAt,
    expiresAt: q.expiresAt,
    serverTime,
  };
}

/** An executed sell with its receipt. */
export function toSellRecord(r: ReceiptRow, quoteCoin: string): SellRecord {
  return {
    id: r.id,
    symbol: r.symbol,
    coin: r.coin,
    quoteCoin,
    qty: r.qty,
    filledQty: r.qty,
    gross: fromUnits(r.grossUnits),
    fee: fromUnits(r.feeUnits),
    received: fromUnits(r.receivedUnits),
    avgPrice: r.avgPrice,
    slippage: r.slippage,
    boundPrice: r.floorPrice,
    quote: {
      id: r.quoteId,
      received: fromUnits(r.quote.receivedUnits),
      avgPrice: r.quote.avgPrice,
      worstPrice: r.quote.worstPrice,
      expiresAt: r.quote.expiresAt,
    },
    fills: r.fills,
    orderId: r.orderId,
    ledgerTxId: r.ledgerTxId,
    createdAt: r.createdAt,
  };
}
