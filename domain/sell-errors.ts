/** Message keys of quick sell (`sell`); texts in `locales/<lang>/errors.json`. */
export const SELL_ERROR_KEYS = [
  /** The coin has no trading market against USDT. */
  'sellNotSellable',
  /** More decimals than the coin's quantity step allows. */
  'sellTooManyDecimals',
  /** The bids cannot take the whole amount. */
  'sellBookTooThin',
  /** The quote's time ran out. */
  'sellQuoteExpired',
  /** The quote was replaced by a newer one, already used, or is not the caller's. */
  'sellQuoteStale',
  /** The bids within the slippage bound cannot take the whole amount: nothing was sold. */
  'sellSlippage',
  /** The slippage is not a number from 0 to the largest allowed. */
  'sellSlippageRange',
  /** The caller's own buy orders would trade with the sell. */
  'sellOwnOrders',
] as const;
