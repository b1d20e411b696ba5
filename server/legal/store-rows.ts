import type { AdSide, AdStatus, LegalOrderStatus, OrderActorRole, PaymentMethod } from '../../domain/legal';

// The rows of the fiat store's tables, and the mappers from a raw row: columns are renamed to the
// rows' fields in the SQL itself, so a mapper only reads the integer columns with Number(), as
// PostgreSQL's driver gives bigint columns as strings (SQLite gives numbers).

/** A row of `legal_methods`: a payment method and its owner. */
export interface MethodRow extends PaymentMethod {
  userId: number;
}

/** A row of `legal_ads`; price and amounts in cents, quantities in ledger units. */
export interface AdRow {
  id: number;
  merchantId: number;
  side: AdSide;
  coin: string;
  currency: string;
  price: number;
  minAmount: number;
  maxAmount: number;
  total: number;
  remaining: number;
  methods: string;
  autoCancelMin: number;
  expiresAt: number | null;
  status: AdStatus;
  createdAt: number;
  updatedAt: number;
}

/** A row of `legal_orders`. */
export interface OrderRow {
  id: number;
  adId: number;
  merchantId: number;
  userId: number;
  buyerId: number;
  sellerId: number;
  coin: string;
  currency: string;
  price: number;
  qty: number;
  amount: number;
  fee: number;
  status: LegalOrderStatus;
  payDeadline: number;
  payRef: string | null;
  payee: string;
  createdAt: number;
  updatedAt: number;
}

/** A row of `legal_events`. */
export interface EventRow {
  id: number;
  orderId: number;
  actor: string;
  role: OrderActorRole;
  kind: string;
  detail: string;
  createdAt: number;
}

/** A row of `legal_appeals`. */
export interface AppealRow {
  id: number;
  orderId: number;
  openedBy: 'buyer' | 'seller';
  reason: string;
  evidence: string;
  status: 'open' | 'decided';
  outcome: 'release' | 'return' | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A row of `legal_applications`. */
export interface ApplicationRow {
  id: number;
  userId: number;
  nickname: string;
  status: 'review' | 'approved' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A row of `legal_freezes`. */
export interface FreezeRow {
  id: number;
  userId: number;
  reason: string;
  orderId: number | null;
  createdBy: string;
  createdAt: number;
  liftedBy: string | null;
  liftedAt: number | null;
}

/** A row of `legal_messages`. */
export interface MessageRow {
  id: number;
  userId: number;
  text: string;
  imageId: string;
  createdAt: number;
}

/** A mapper that reads the `keys` columns (integers, or null) with Number() and passes the rest. */
function ints<R>(...keys: (keyof R & string)[]): (r: Record<string, unknown>) => R {
  return (r) => {
    const out: Record<string, unknown> = { ...r };
    for (const k of keys) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
    return out as R;
  };
}

// Raw rows to the rows above.
export const toMethod = ints<MethodRow>('id', 'userId', 'updatedAt');
export const toAd = ints<AdRow>(
  'id',
  'merchantId',
  'price',
  'minAmount',
  'maxAmount',
  'total',
  'remaining',
  'autoCancelMin',
  'expiresAt',
  'createdAt',
  'updatedAt',
);
export const toOrder = ints<OrderRow>(
  'id',
  'adId',
  'merchantId',
  'userId',
  'buyerId',
  'sellerId',
  'price',
  'qty',
  'amount',
  'fee',
  'payDeadline',
  'createdAt',
  'updatedAt',
);
export const toEvent = ints<EventRow>('id', 'orderId', 'createdAt');
export const toAppeal = ints<AppealRow>('id', 'orderId', 'createdAt', 'decidedAt');
export const toApplication = ints<ApplicationRow>('id', 'userId', 'createdAt', 'decidedAt');
export const toFreeze = ints<FreezeRow>('id', 'userId', 'orderId', 'createdAt', 'liftedAt');
export const toMessage = ints<MessageRow>('id', 'userId', 'createdAt');

export const idOf = (r: Record<string, unknown>): number => Number(r.id);
/** The single value of an aggregate (`... as m`); null for `min` over no rows. */
export const valueOf = (r: Record<string, unknown>): number | null => (r.m === null ? null : Number(r.m));
