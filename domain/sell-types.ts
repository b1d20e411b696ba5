// What travels for quick sell (`sell`): quotes, confirmations, executed sells with receipts.

/**
 * A quote for selling `qty` of `coin` for USDT at market, from the book as it stood when the server
 * made it. Amounts are decimal strings; times are epoch ms. It holds until `expiresAt` and is used
 * at most once.
 */
export interface SellQuote {
  id: number;
  symbol: string;
  coin: string;
  /** The coin received: USDT. */
  quoteCoin: string;
  qty: string;
  /** Σ price × qty of the fills, in USDT. */
  gross: string;
  /** The taker fee, each fill's floored to 1e-8, in USDT. */
  fee: string;
  /** gross − fee: what the seller receives. */
  received: string;
  /** gross ÷ qty, floored to 1e-8. */
  avgPrice: string;
  /** The lowest price a fill takes. */
  worstPrice: string;
  /** The fee rate, such as `0.002`. */
  feeRate: string;
  createdAt: number;
  expiresAt: number;
  /** Server time when the reply was made, to count down against the server's clock. */
  serverTime: number;
}

/** One fill of a quick sell: a `spot_trades` row. */
export interface SellFill {
  tradeId: number;
  price: string;
  qty: string;
  /** price × qty, in USDT. */
  value: string;
  /** The taker fee of this fill, in USDT. */
  fee: string;
}

/**
 * A quick sell that executed, with its receipt: the quote it used, the bound the user set, the fills,
 * the fee and the ledger transaction that moved the money.
 */
export interface SellRecord {
  id: number;
  symbol: string;
  coin: string;
  quoteCoin: string;
  qty: string;
  /** Base sold (all of `qty`: a sell fills whole or not at all). */
  filledQty: string;
  gross: string;
  fee: string;
  received: string;
  avgPrice: string;
  /** The slippage the user allowed, in percent. */
  slippage: string;
  /** The lowest fill price the sell accepted (quote's worst price less the slippage, on the tick). */
  boundPrice: string;
  quote: { id: number; received: string; avgPrice: string; worstPrice: string; expiresAt: number };
  fills: SellFill[];
  /** The spot order that executed it. */
  orderId: number;
  /** The ledger transaction of its fills. */
  ledgerTxId: number;
  createdAt: number;
}

/** A request for a quote. */
export interface SellQuoteReq {
  coin: string;
  qty: string;
}

/** Confirming a quote: the quote's id and the slippage allowed, in percent. */
export interface SellConfirmReq {
  quoteId: number | string;
  slippage: string;
  tradePassword?: string;
}
