import type { EndpointName } from '../domain';
import { FIAT_DECIMALS, parseScaled, quoteTake, quoteText } from '../domain/legal-rules';
import type { DeviceStore } from './store';

/** A take to convert: by fiat amount or by coin quantity, at an ad's price. */
export interface LegalQuoteQuery {
  /** The ad's price, fiat per coin, 2 decimals. */
  price: string;
  by: 'amount' | 'qty';
  /** What the user typed. */
  value: string;
  /** The coin's P2P decimals (LegalConfig.coins). */
  coinDecimals: number;
}

/** The exact conversion, floored like the server computes it; null when the value is not a number. */
export interface LegalQuote {
  qty: string;
  amount: string;
}

/** The take conversion (domain/legal-rules.ts, the server's code): the UI does no arithmetic on money. */
export function legalQuote(q: LegalQuoteQuery): LegalQuote | null {
  const price = parseScaled(q.price, FIAT_DECIMALS);
  if (price === null || q.value.trim() === '') return null;
  const quote = quoteTake(q.by, q.value, price, q.coinDecimals);
  return quote && quoteText(quote, q.coinDecimals);
}

/** Legal reads a page shows first on a weak network, and what the worker last knew of them. */
const CACHED: ReadonlySet<string> = new Set([
  'legal/config',
  'legal/ads',
  'legal/order',
  'legal/orders',
  'legal/me',
  'legal/myAds',
]);
/** Cached replies kept per device; the oldest go first. */
const MAX_ENTRIES = 40;
const INDEX_KEY = 'legal:index';

/** A reply as last received and when, in ms since the epoch. */
export interface CachedReply<T = unknown> {
  data: T;
  cachedAt: number;
}

/** The cache key of a read: per user (private replies never show to another account) and request. */
export function legalKey(name: string, req: unknown, userId: number | null): string {
  return `legal:${userId ?? 0}:${name}:${JSON.stringify(req ?? {})}`;
}

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
    await store.set(key, { data, cachedAt: now } satisfies CachedReply);
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
  return (await store.get<CachedReply>(legalKey(name, req, userId)).catch(() => undefined)) ?? null;
}
