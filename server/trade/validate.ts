import { hasAtMostDecimals, toUnits, type OrderSide, type OrderType, type PlaceOrderReq } from '../../domain';
import { fail } from '../http';
import type { PairUnits } from '../shared/units';

/** A place request checked against the pair's grid; integers for the engine, units for the ledger. */
export interface ParsedPlace {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  priceTicks: number | null;
  lots: number | null;
  /** Quote to spend, in ledger units (market buys). */
  budgetUnits: bigint | null;
  clientOrderId: string | null;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{1,40}$/;
const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/**
 * Checks a place request without touching any state; throws the first problem as an AppError with
 * its field. Values off the tick or lot grid are refused, never rounded.
 */
export function parsePlace(req: PlaceOrderReq, units: PairUnits): ParsedPlace {
  const side = str(req.side);
  const type = str(req.type);
  if (side !== 'buy' && side !== 'sell') throw fail('badRequest', 'side');
  if (type !== 'limit' && type !== 'market') throw fail('badRequest', 'type');
  const clientOrderId = str(req.clientOrderId) || null;
  if (clientOrderId !== null && !CLIENT_ID.test(clientOrderId)) throw fail('badRequest', 'clientOrderId');
  const base = { symbol: units.pair.symbol, side, type, clientOrderId } as const;

  if (type === 'limit') {
    const priceTicks = gridValue(str(req.price), 'price', (v) => units.priceToTicks(v), 'priceStep');
    const lots = gridValue(str(req.qty), 'qty', (v) => units.qtyToLots(v), 'qtyStep');
    if (!Number.isSafeInteger(priceTicks * lots)) throw fail('amountFormat', 'qty');
    if (units.quoteUnits(priceTicks, lots) < units.minNotionalUnits) throw fail('minNotional', 'qty');
    return { ...base, priceTicks, lots, budgetUnits: null };
  }
  if (side === 'sell') {
    const lots = gridValue(str(req.qty), 'qty', (v) => units.qtyToLots(v), 'qtyStep');
    return { ...base, priceTicks: null, lots, budgetUnits: null };
  }
  const amount = str(req.amount);
  if (!amount) throw fail('required', 'amount');
  if (!/^\d+(\.\d+)?$/.test(amount) || !hasAtMostDecimals(amount, 8)) throw fail('amountFormat', 'amount');
  const budgetUnits = toUnits(amount);
  if (budgetUnits < units.minNotionalUnits || budgetUnits < units.quotePerTickLot) {
    throw fail('minNotional', 'amount');
  }
  if (budgetUnits / units.quotePerTickLot > BigInt(Number.MAX_SAFE_INTEGER))
    throw fail('amountFormat', 'amount');
  return { ...base, priceTicks: null, lots: null, budgetUnits };
}

function gridValue(
  value: string,
  field: string,
  parse: (v: string) => number | null,
  offGrid: 'priceStep' | 'qtyStep',
): number {
  if (!value) throw fail('required', field);
  if (!/^\d+(\.\d+)?$/.test(value)) throw fail('amountFormat', field);
  const n = parse(value);
  if (n === null) throw fail(offGrid, field);
  return n;
}
