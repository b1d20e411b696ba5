/**
 * What travels in the lock-up mining and deposit savings area (`lockming`, spec §3 "lock-up
 * project", "lock position", "deposit savings"). Amounts are decimal strings in the product's coin,
 * floored; times are epoch milliseconds; rates are decimal strings per day (`0.0005` = 0.05 %).
 */

/** A fixed-term lock-up (`lock`) or a flexible deposit savings product (`savings`, "存币宝"). */
export type LockmingKind = 'lock' | 'savings';

/** Where a product stands for new locks. */
export type LockmingProductStatus = 'upcoming' | 'open' | 'closed';

/** A product as the app sees it. */
export interface LockmingProduct {
  id: number;
  kind: LockmingKind;
  coin: string;
  name: string;
  /** Lock period in days (one interest per day); null for savings, which run until `closesAt`. */
  days: number | null;
  /** Interest per day as a fraction of the amount, such as `0.0005`. */
  dailyRate: string;
  /** The smallest amount one lock may hold. */
  minAmount: string;
  /** Most the product holds at once (its "total"); null when only the reserve bounds it. */
  total: string | null;
  /** Principal of the positions still locking. */
  subscribed: string;
  /**
   * What one more lock may hold now: the product's room under its total, bounded by what the house's
   * reserve in the coin can still promise interest on (for a full period; savings to the expiry).
   */
  remaining: string;
  /** A lock may be redeemed before maturity, forfeiting the interest it was paid. */
  earlyRedeem: boolean;
  /** Accepts locks from this instant. */
  opensAt: number;
  /** Accepts no lock after this instant; for savings, its expiry (every position returns then). */
  closesAt: number | null;
  status: LockmingProductStatus;
  /**
   * Reference annualized yield over the past 3 days (spec §9), from what the product actually paid:
   * Σ interest ÷ Σ principal it was paid on, × 365, as a fraction floored to 6 decimals. Null before
   * the first payout in that window.
   */
  referenceYield: string | null;
  /** Payout days the reference yield used (0 to 3). */
  referenceDays: number;
}

/** The area's terms and the server clock. */
export interface LockmingTerms {
  /** Daily interest instant, `HH:MM` UTC. */
  accrualAtUtc: string;
  /** Whether a lock or a subscription asks for the trade password. */
  tradePassword: 'always' | 'never';
  /** Server time, epoch ms, when the reply was made. */
  serverTime: number;
}

/** A position (spec §4: locking, expired). */
export interface LockmingPosition {
  id: number;
  productId: number;
  kind: LockmingKind;
  name: string;
  coin: string;
  /** The amount locked (the spec's "deposited quantity"). */
  amount: string;
  /** The rate promised when it was locked; never changes. */
  dailyRate: string;
  /** Interest of one day: amount × rate, floored to the coin's decimals. */
  dailyInterest: string;
  /** Number of daily payouts promised (the last one comes with the principal at maturity). */
  days: number;
  /** Payouts made so far. */
  daysPaid: number;
  /** Interest received so far (the spec's "interest"). */
  interest: string;
  /** Interest promised over the whole term: days × dailyInterest (the spec's "expected income"). */
  expectedIncome: string;
  lockedAt: number;
  /** The last payout instant: principal and last interest return to `finance` then. */
  maturesAt: number;
  /** Next payout instant, or null once ended. */
  nextAccrualAt: number | null;
  status: 'locking' | 'expired';
  /** How it ended: at maturity, or redeemed before it. Null while locking. */
  ended: 'maturity' | 'redeem' | null;
  endedAt: number | null;
  /** Interest taken back by an early redemption (lock products only). */
  forfeited: string | null;
  /** What came back to `finance` when it ended. */
  returned: string | null;
  /** May be redeemed now (savings always, locks if the product allows it). */
  redeemable: boolean;
}

/** One stored payout (a receipt): what it used and moved, and its ledger transaction. */
export interface LockmingReceipt {
  positionId: number;
  /** 1 for the first payout day. */
  day: number;
  /** The payout instant, epoch ms. */
  at: number;
  /** `interest` (a daily payout) or `maturity` (the last one, with the principal). */
  rule: 'interest' | 'maturity';
  /** The amount the interest was computed on. */
  principal: string;
  dailyRate: string;
  /** amount = floor(principal × rate) to the coin's decimals. */
  amount: string;
  ledgerTxId: number;
}

/** A position with its receipts and its ending. */
export interface LockmingPositionDetail extends LockmingPosition {
  receipts: LockmingReceipt[];
  lockTxId: number;
  endTxId: number | null;
}

/** The lock (or subscribe) request. */
export interface LockReq {
  productId: number | string;
  amount: string;
  /** Asked for when the terms say `always`. */
  tradePassword?: string;
}

/** What an operator sends to create or edit a product (before it opens). */
export interface LockmingProductSpec {
  kind: LockmingKind;
  coin: string;
  name: string;
  /** Lock period in days; absent for savings. */
  days?: number;
  dailyRate: string;
  minAmount: string;
  total?: string | null;
  earlyRedeem?: boolean;
  opensAt: number;
  /** No new locks after it; for savings the expiry, moved to the payout instant of that UTC day. */
  closesAt?: number | null;
}

/** The catalog's `lockming` section. */
export interface LockmingCatalog {
  /** Daily payout instant, `HH:MM` UTC. */
  accrualAtUtc: string;
  tradePassword: 'always' | 'never';
  /** Demo mode only: the house's reserve in `finance`, granted once from the world holder. */
  demoReserve: Record<string, string>;
  /** Demo mode only: products created once (as operator `demo`) when none exist. */
  demoProducts: LockmingProductSpec[];
}
