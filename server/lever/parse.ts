import type { LeverOpenReq, LeverOrderType, LeverPairTerms, LeverSide } from '../../domain';
import { fail, optionalWholeField, type Input } from '../http';
import type { Catalog } from '../market';
import type { PairUnits } from '../shared/units';

/** An open request checked against the catalog, without touching any state. */
export interface ParsedOpen {
  terms: LeverPairTerms;
  side: LeverSide;
  type: LeverOrderType;
  multiple: number;
  hands: number;
  /** Limit price in ticks, for limit orders. */
  limitTicks: number | null;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/** The lever terms of `symbol`, or the refusal for a market without contracts. */
export function termsOf(catalog: Catalog, symbol: string): LeverPairTerms {
  const terms = catalog.lever.pairs.find((p) => p.symbol === symbol);
  if (!terms) throw fail('leverPairDisabled', 'symbol');
  const pair = catalog.pairs.find((p) => p.symbol === symbol);
  if (!pair || pair.status !== 'trading') throw fail('marketClosed', 'symbol');
  return terms;
}

/** A whole number of hands within the pair's bounds (spec §5), or the matching refusal. */
export function parseHands(value: unknown, terms: LeverPairTerms): number {
  const v = text(value);
  if (!v) throw fail('required', 'hands');
  if (!/^\d+(\.\d+)?$/.test(v)) throw fail('amountFormat', 'hands');
  if (!/^\d+$/.test(v)) throw fail('leverHandsWhole', 'hands');
  // One spelling per count, as for ids (server/http/input.ts): "05" is a typo, not 5 hands.
  if (/^0\d/.test(v)) throw fail('amountFormat', 'hands');
  const hands = Number(v);
  if (!Number.isSafeInteger(hands) || hands < terms.minHands || hands > terms.maxHands) {
    throw fail('handsOutOfBounds', 'hands');
  }
  return hands;
}

/** A price on the pair's tick grid, in ticks. */
export function parsePrice(value: unknown, units: PairUnits, field: string): number {
  const v = text(value);
  if (!v) throw fail('required', field);
  if (!/^\d+(\.\d+)?$/.test(v)) throw fail('amountFormat', field);
  const ticks = units.priceToTicks(v);
  if (ticks === null) throw fail('priceStep', field);
  return ticks;
}

/** Checks a `lever/open` request; the first problem is thrown with its field. */
export function parseOpen(
  req: LeverOpenReq,
  catalog: Catalog,
  unitsOf: (s: string) => PairUnits,
): ParsedOpen {
  const terms = termsOf(catalog, text(req.symbol));
  const side = text(req.side);
  const type = text(req.type);
  if (side !== 'long' && side !== 'short') throw fail('badRequest', 'side');
  if (type !== 'market' && type !== 'limit') throw fail('badRequest', 'type');
  // The request itself, not a copy of its values: `multiple[]=10` must be seen as a list.
  const multiple = optionalWholeField(req as unknown as Input, 'multiple');
  if (multiple === null || !terms.multiples.includes(multiple)) throw fail('leverMultiple', 'multiple');
  const hands = parseHands(req.hands, terms);
  const limitTicks = type === 'limit' ? parsePrice(req.price, unitsOf(terms.symbol), 'price') : null;
  return { terms, side, type, multiple, hands, limitTicks };
}
