/**
 * Fiat peer-to-peer trading (`legal`): the shapes the app and the server exchange. Coin quantities
 * and fiat amounts are decimal strings; times are milliseconds since the epoch.
 */

/** Kinds of payment information (spec §3): bank card, Alipay, WeChat and the two coin code images. */
export const PAYMENT_KINDS = ['bank', 'alipay', 'wechat', 'trc20', 'erc20'] as const;
/** One kind of payment information. */
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** The kinds that pay fiat, and so may be offered on an ad. */
export const FIAT_PAYMENT_KINDS: readonly PaymentKind[] = ['bank', 'alipay', 'wechat'];

/** A payment method of a user (`/pages/mine/collect_money`). Fields a kind does not use are empty. */
export interface PaymentMethod {
  id: number;
  kind: PaymentKind;
  /** Real name of the account holder (bank, Alipay, WeChat). */
  realName: string;
  /** Bank name (bank). */
  bank: string;
  /** Card number, digits only (bank). */
  cardNumber: string;
  /** Alipay or WeChat account, or the coin address of a code image. */
  account: string;
  /** WeChat nickname. */
  nickname: string;
  /** Upload id of the QR / code image, or empty. */
  qrId: string;
  updatedAt: number;
}

/** Adding (no id) or editing a payment method. */
export interface PaymentMethodReq {
  id?: number | string;
  kind: PaymentKind;
  realName?: string;
  bank?: string;
  cardNumber?: string;
  account?: string;
  nickname?: string;
  qrId?: string;
}

/** The merchant's side of an ad: `sell` offers coin for fiat (users buy), `buy` asks for coin. */
export type AdSide = 'buy' | 'sell';
/** Whether an ad can be taken. */
export type AdStatus = 'online' | 'paused' | 'withdrawn';

/** A fiat coin and the decimals its P2P quantities use. */
export interface LegalCoin {
  coin: string;
  /** Decimals of P2P quantities (at most 8). */
  decimals: number;
}

/** The P2P terms the app reads (`legal/config`). */
export interface LegalConfig {
  coins: LegalCoin[];
  /** ISO 4217 codes, in picker order. Fiat amounts and prices have 2 decimals. */
  currencies: string[];
  /** Default currency per app language. */
  langCurrency: Record<string, string>;
  /** Minutes a buyer has to pay after the match (spec §9: 10). */
  paymentMinutes: number;
  /** Cancellations per UTC day after which a buyer cannot buy until the next day (spec §6: 3). */
  cancelsPerDay: number;
  /** Fee rates of the merchant (maker) and the taker, charged in coin on release to the buyer. */
  makerFee: string;
  takerFee: string;
}

/** Verification levels a merchant shows (spec §3). */
export interface MerchantLevels {
  mobile: boolean;
  realName: boolean;
  advanced: boolean;
}

/** Statistics of a merchant, computed from order timelines (never stored as numbers). */
export interface MerchantStats {
  /** Orders created in the last 30 days. */
  orders30d: number;
  /** Completed orders ever. */
  completedTotal: number;
  /** All orders ever. */
  ordersTotal: number;
  /** completed ÷ (completed + cancelled by the merchant side + lost appeals) over 30 days, `0.0000`..`1.0000`; null without any. */
  completionRate30d: string | null;
  /** Median seconds from "paid" to release over 30 days, where the merchant released; null without any. */
  medianReleaseSec30d: number | null;
}

/** A merchant as others see it. */
export interface MerchantInfo {
  userId: number;
  nickname: string;
  /** When the merchant registered as a user. */
  registeredAt: number;
  /** When the application was approved. */
  since: number;
  levels: MerchantLevels;
  stats: MerchantStats;
}

/** An ad in the hall or in the merchant's store. */
export interface LegalAd {
  id: number;
  merchant: MerchantInfo;
  side: AdSide;
  coin: string;
  currency: string;
  /** Fiat per coin, 2 decimals. */
  price: string;
  /** Smallest and largest fiat amount of one order, 2 decimals. */
  min: string;
  max: string;
  /** Quantity published, and what can still be taken, in coin. */
  total: string;
  remaining: string;
  methods: PaymentKind[];
  /** Minutes after publishing at which the ad withdraws itself; 0 = never. */
  autoCancelMin: number;
  /** When it withdraws itself, or null. */
  expiresAt: number | null;
  status: AdStatus;
  createdAt: number;
}

/** Publishing (no id) or editing an ad. */
export interface AdReq {
  id?: number | string;
  side: AdSide;
  coin: string;
  currency: string;
  price: string;
  min: string;
  max: string;
  total: string;
  /** Comma-separated payment kinds. */
  methods: string;
  autoCancelMin?: number | string;
}

/** Spec §4 fiat order states: pending payment, paid, completed, cancelled, withdrawn, abnormal, in rights-protection. */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'completed',
  'cancelled',
  'withdrawn',
  'abnormal',
  'appeal',
] as const;
/** A fiat order state. */
export type LegalOrderStatus = (typeof ORDER_STATUSES)[number];

/** Who did something to an order. */
export type OrderActorRole = 'buyer' | 'seller' | 'system' | 'operator';

/** One event of an order's timeline (who, what, when). */
export interface OrderEvent {
  id: number;
  role: OrderActorRole;
  /** `created`, `paid`, `released`, `cancelled`, `expired`, `appealed`, `decided`, `evidence`, `message` … */
  kind: string;
  /** Free detail: payment reference, reason, outcome, image ids. */
  detail: Record<string, unknown>;
  at: number;
}

/** A rights-protection case. */
export interface LegalAppeal {
  id: number;
  openedBy: 'buyer' | 'seller';
  reason: string;
  evidence: string[];
  status: 'open' | 'decided';
  /** `release` to the buyer or `return` to the seller. */
  outcome: 'release' | 'return' | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A fiat order as one of its parties sees it. */
export interface LegalOrder {
  id: number;
  adId: number;
  /** The caller's part in it. */
  role: 'buyer' | 'seller';
  /** Whether the caller is the ad's merchant. */
  asMerchant: boolean;
  merchantId: number;
  merchantName: string;
  /** The other party, masked. */
  counterparty: string;
  coin: string;
  currency: string;
  price: string;
  qty: string;
  amount: string;
  /** Coin the buyer pays as fee on release. */
  fee: string;
  status: LegalOrderStatus;
  /** Payment deadline while pending. */
  payDeadline: number;
  payRef: string | null;
  createdAt: number;
  updatedAt: number;
  /** The seller's payment methods, for the buyer while payment matters; null once cancelled. */
  payee: PaymentMethod[] | null;
  timeline: OrderEvent[];
  appeal: LegalAppeal | null;
  /** Server clock when this was read, so a countdown can correct a skewed device clock. */
  serverTime: number;
}

/** Taking an ad: by fiat amount or by coin quantity. */
export interface TakeReq {
  adId: number | string;
  by: 'amount' | 'qty';
  value: string;
}

/** A freeze of a user's fiat trading (spec §6 malicious confirmation clicks). */
export interface LegalFreeze {
  id: number;
  reason: string;
  orderId: number | null;
  createdAt: number;
}

/** What the P2P pages need to know about the caller. */
export interface LegalMe {
  userId: number;
  merchant: MerchantInfo | null;
  /** The latest merchant application, if any. */
  application: { status: 'review' | 'approved' | 'rejected'; reason: string | null; at: number } | null;
  kycVerified: boolean;
  methods: number;
  cancelsToday: number;
  cancelsLeft: number;
  /** When today's count starts again from zero (the next UTC midnight): buying reopens then. */
  cancelsResetAt: number;
  freeze: LegalFreeze | null;
}

/** A chat line inside an order. */
export interface OrderMessage {
  id: number;
  role: 'buyer' | 'seller';
  text: string;
  imageId: string;
  at: number;
}

/** The `legal` private channel: an order changed (both parties get it). */
export interface LegalOrderPush {
  type: 'order';
  order: LegalOrder;
}

/** Socket channel of the P2P private events (after the socket `auth` op). */
export const LEGAL_CHANNEL = 'legal';
