import type { DoneReason, OpenOrder, OrderRequest, PlaceResult, RejectReason } from './types';

/** Longest accepted client order id, in UTF-16 code units (bounds the idempotency cache's memory). */
export const MAX_CLIENT_ORDER_ID_LENGTH = 64;

const isPositiveSafe = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
const isSide = (s: unknown): boolean => s === 'buy' || s === 'sell';
const isClientOrderId = (c: unknown): boolean =>
  c === undefined || (typeof c === 'string' && c.length > 0 && c.length <= MAX_CLIENT_ORDER_ID_LENGTH);

/**
 * Boundary check shared by both engines so they reject exactly the same requests: ids and quantities are
 * safe integers (orderId > 0, userId ≥ 0, prices/lots/budgets > 0) and a limit order's notional
 * `priceTicks × lots` is a safe integer, so the ledger can multiply without losing precision.
 */
export function isValidRequest(r: OrderRequest): boolean {
  if (!isPositiveSafe(r.orderId) || !Number.isSafeInteger(r.userId) || r.userId < 0) return false;
  if (!isSide(r.side) || !isClientOrderId(r.clientOrderId)) return false;
  if (r.type === 'limit') {
    return (
      isPositiveSafe(r.priceTicks) && isPositiveSafe(r.lots) && Number.isSafeInteger(r.priceTicks * r.lots)
    );
  }
  if (r.type !== 'market') return false;
  if (r.lots === undefined && r.quoteBudget === undefined) return false;
  return (
    (r.lots === undefined || isPositiveSafe(r.lots)) &&
    (r.quoteBudget === undefined || isPositiveSafe(r.quoteBudget))
  );
}

/** Throws unless `o` is a well-formed persisted open order (restore input must not be silently fixed). */
export function assertValidOpenOrder(o: OpenOrder): void {
  const ok =
    isPositiveSafe(o.orderId) &&
    Number.isSafeInteger(o.userId) &&
    o.userId >= 0 &&
    isSide(o.side) &&
    isPositiveSafe(o.priceTicks) &&
    isPositiveSafe(o.lots) &&
    Number.isSafeInteger(o.priceTicks * o.lots) &&
    isPositiveSafe(o.seq) &&
    isClientOrderId(o.clientOrderId);
  if (!ok) throw new Error(`restore: invalid open order ${JSON.stringify(o)}`);
}

/** The sequence to continue from after a restore: `requested` if given (must exceed `maxSeq`), else maxSeq + 1. */
export function checkedNextSeq(maxSeq: number, requested: number | undefined): number {
  if (requested === undefined) return maxSeq + 1;
  if (!Number.isSafeInteger(requested) || requested <= maxSeq) {
    throw new Error(`restore: nextSeq ${requested} must be a safe integer above ${maxSeq}`);
  }
  return requested;
}

/**
 * Exact `floor(a / b)` for safe integers a ≥ 0, b > 0. For a < 2^53 the float quotient is already exact
 * after flooring (its rounding error, below a/b × 2^-53 < 1/b, is smaller than the gap to the next
 * integer, at least 1/b); the check keeps that argument enforced rather than assumed, at the cost of one
 * multiply.
 */
export function floorDiv(a: number, b: number): number {
  const q = Math.floor(a / b);
  return q * b > a ? q - 1 : q;
}

/**
 * Capacity rule shared by both engines: the resting notional (Σ priceTicks × lots, in quote units) of one
 * side plus the new order's notional must stay a safe integer. Then every sweep's traded notional is a
 * safe integer too, since it can never exceed what rests on the opposite side. Realistic tick and lot
 * sizes never come near this bound; hitting it is reported as `'invalid'`.
 */
export function fitsCapacity(sideNotional: number, priceTicks: number, lots: number): boolean {
  return Number.isSafeInteger(sideNotional + priceTicks * lots);
}

/** A rejection result: no order was created and no sequence consumed. */
export function rejected(orderId: number, reason: RejectReason): PlaceResult {
  return {
    orderId,
    status: 'rejected',
    reason,
    seq: 0,
    filledLots: 0,
    filledQuote: 0,
    restingLots: 0,
    replayed: false,
  };
}

/** The result of an accepted order; `reason` undefined means it rests. */
export function accepted(
  orderId: number,
  seq: number,
  reason: DoneReason | undefined,
  filledLots: number,
  filledQuote: number,
  restingLots: number,
): PlaceResult {
  return {
    orderId,
    status: reason === undefined ? 'resting' : reason === 'filled' ? 'filled' : 'cancelled',
    reason,
    seq,
    filledLots,
    filledQuote,
    restingLots,
    replayed: false,
  };
}
