import type { EndpointName, ErrorKey } from '../../domain';
import { compareDecimalStrings, parseAmount } from '../../domain/display';
import { FIAT_DECIMALS, parseScaled, quoteTake, quoteText } from '../../domain/legal-rules';
import { storeLimitsProblem } from '../../domain/rules';
import type { DeviceStore } from '../store';
import { datedKey, keepDated, loadDated } from '../shared/dated';

/** A take to convert: by fiat amount or by coin quantity, at an ad's price. */
export interface LegalQuoteQuery {
  /** The ad's price, fiat per coin, 2 decimals. */
  price: string;
  by: 'amount' | 'qty';
  /** What the user typed, in the language's number format (`locale`). */
  text: string;
  /** BCP-47 tag whose separators `text` uses. */
  locale: string;
  /** The coin's P2P decimals (LegalConfig.coins). */
  coinDecimals: number;
  /** The ad's limits per order (fiat) and what it has left (coin), decimal strings. */
  min: string;
  max: string;
  remaining: string;
}

/** The exact conversion, floored like the server computes it, and why it cannot be taken, if so. */
export interface LegalQuote {
  /** `text` as a plain decimal, or null when it is not a number. */
  value: string | null;
  qty: string | null;
  amount: string | null;
  problem: 'invalid' | 'outside' | 'beyond' | null;
}

/** The take conversion (domain/legal-rules.ts, the server's code): the UI does no arithmetic on money. */
export function legalQuote(q: LegalQuoteQuery): LegalQuote {
  const value = parseAmount(q.text, q.locale);
  const price = parseScaled(q.price, FIAT_DECIMALS);
  const quote = value === null || price === null ? null : quoteTake(q.by, value, price, q.coinDecimals);
  if (!quote) return { value, qty: null, amount: null, problem: q.text.trim() ? 'invalid' : null };
  const { qty, amount } = quoteText(quote, q.coinDecimals);
  let problem: LegalQuote['problem'] = null;
  if (
    quote.qtyUnits === 0n ||
    compareDecimalStrings(amount, q.min) < 0 ||
    compareDecimalStrings(amount, q.max) > 0
  ) {
    problem = 'outside';
  } else if (compareDecimalStrings(qty, q.remaining) > 0) problem = 'beyond';
  return { value, qty, amount, problem };
}

/** Amounts of a form as typed in `locale`, each as a plain decimal or null, and the store limits rule. */
export function legalParse(
  texts: Record<string, string>,
  locale: string,
): { values: Record<string, string | null>; limits: ErrorKey | null } {
  const values = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, parseAmount(v, locale)]));
  const min = values.min;
  const max = values.max;
  return { values, limits: min && max ? storeLimitsProblem(min, max) : null };
}

/** Legal reads a page shows first on a weak network, and what the worker last knew of them. */
const CACHED: ReadonlySet<string> = new Set([
  'legal/config',
  'legal/ads',
  'legal/order',
  'legal/orders',
  'legal/me',
  'legal/myAds',
  // A merchant's public shop (/pages/legal/storeUser): public data, read by anyone.
  'legal/merchant',
]);
/** Cached replies kept per device; the oldest go first. */
const MAX_ENTRIES = 40;
const INDEX_KEY = 'legal:index';

/** A reply as last received and when, in ms since the epoch. */
export interface CachedReply<T = unknown> {
  data: T;
  cachedAt: number;
}

/**
 * The cache key of a read: per user (private replies never show to another account) and request.
 * A signed-in user's copy is private in the worker's one dated cache (worker/shared/dated), so it
 * goes with the session like every other private copy; a signed-out read (user 0) is public and stays.
 */
export function legalKey(name: string, req: unknown, userId: number | null): string {
  return datedKey(readKey(name, req, userId), userId || null);
}

/** The dated cache's key of a read, before the private prefix. */
const readKey = (name: string, req: unknown, userId: number | null) =>
  `legal:${userId ?? 0}:${name}:${JSON.stringify(req ?? {})}`;

/** Keeps a successful legal read on the device. Failures to store are ignored (quota, private mode). */
export async function saveLegal(
  store: DeviceStore,
  name: EndpointName,
  req: unknown,
  userId: number | null,
  data: unknown,
  now: number,
): Promise<void> {
  if (!CACHED.has(name)) return;
  const key = legalKey(name, req, userId);
  try {
    const index = ((await store.get<string[]>(INDEX_KEY)) ?? []).filter((k) => k !== key);
    index.push(key);
    const dropped = index.splice(0, Math.max(0, index.length - MAX_ENTRIES));
    if (dropped.length) await store.remove(...dropped);
    await keepDated(store, readKey(name, req, userId), userId || null, data, now);
    await store.set(INDEX_KEY, index);
  } catch {
    // The live reply was shown; a cache that cannot be written only costs the next offline visit.
  }
}

/** The last reply of a read for this user, or null. */
export async function loadLegal(
  store: DeviceStore,
  name: EndpointName,
  req: unknown,
  userId: number | null,
): Promise<CachedReply | null> {
  if (!CACHED.has(name)) return null;
  const copy = await loadDated(store, readKey(name, req, userId), userId || null);
  return copy && { data: copy.data, cachedAt: copy.savedAt };
}
