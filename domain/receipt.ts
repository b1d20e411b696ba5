/**
 * The rule that fired a contract or option settlement (DESIGN.md "every settlement stores a
 * receipt"): a manual close, take-profit, stop-loss, liquidation, batch close, limit entry, the daily
 * overnight fee, or an option's expiry.
 */
export type SettlementRule =
  'open' | 'limitEntry' | 'close' | 'tp' | 'sl' | 'liquidation' | 'batchClose' | 'overnightFee' | 'expiry';

/** A spot trade a settlement used, as stored in `spot_trades`. */
export interface ReceiptTrade {
  /** What the trade was used for. */
  role: 'entry' | 'exit' | 'trigger';
  /** `spot_trades.id`. */
  id: number;
  /** Trade price, decimal string in quote per base. */
  price: string;
  /** Trade time, epoch milliseconds. */
  ts: number;
}

/** One money movement of a settlement, as posted to the ledger. */
export interface ReceiptAmount {
  /** What the amount is, such as `pnl`, `closeFee`, `payout`, `stake`, `houseCover`. */
  label: string;
  coin: string;
  /** Signed decimal string from the user's point of view (+ received, − paid). */
  amount: string;
}

/**
 * What a settlement used and moved, stored with it and shown in the app, so anyone can recompute it
 * from `spot_trades` without the server's code.
 */
export interface SettlementReceipt {
  rule: SettlementRule;
  trades: ReceiptTrade[];
  amounts: ReceiptAmount[];
  /** Ledger transaction id of the settlement, or null when nothing moved. */
  ledgerTxId: number | null;
  /** Settlement time, epoch milliseconds. */
  ts: number;
}
