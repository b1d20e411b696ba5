// What the private cache keeps, apart from the cache itself (worker/private-cache.ts, loaded on first
// use so the first load of the worker stays small).
import type { EndpointName, Outcome } from '../../../domain';

/** Endpoints whose answers the private cache keeps; lists only their first page (no `before`). */
export const PRIVATE_READS = [
  'assets/overview',
  'assets/balances',
  'assets/depositAddress',
  'assets/journal',
  'assets/deposits',
  'trade/orders',
  'trade/fills',
  'assets/transfers',
  'assets/withdrawals',
  'lever/orders',
  'legal/methods',
  'user/bankCard',
  'assets/addresses',
  'team/members',
  'team/rebates',
  'second/options',
  // Issue 29, "offline after one visit": the listing applications (/pages/ieo/link), the bank
  // deposits and one deposit order (/pages/assets/chargedone), the withdrawal quota with its fee and
  // limits (/pages/assets/mention) and a P2P order's chat.
  'listing/mine',
  'assets/bankDeposits',
  'assets/bankDepositDetail',
  'assets/withdrawInfo',
  'legal/messages',
  // Quick sell's records (/pages/sell/log), dated offline.
  'sell/log',
  // New-coin subscription: the user's subscriptions and allocations (/pages/ieo/log, detail).
  'ieo/mine',
  // The user's lock-up and savings positions (/pages/lockming/list).
  'lockming/positions',
] as const satisfies readonly EndpointName[];

/** An endpoint the private cache keeps. */
export type PrivateRead = (typeof PRIVATE_READS)[number];

/** Whether the answer of `name` is kept in the private cache. */
export const isPrivateRead = (name: string): name is PrivateRead =>
  (PRIVATE_READS as readonly string[]).includes(name);

/**
 * A request's fields as one text, sorted, so `{a, b}` and `{b, a}` are one cache entry; undefined
 * fields are left out.
 */
export function requestText(req: unknown): string {
  const r = (req ?? {}) as Record<string, unknown>;
  return Object.keys(r)
    .filter((k) => r[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(r[k])}`)
    .join('&');
}

/** Data with the time it was current and where it came from. */
export interface Dated<T> {
  data: T;
  /** When the server sent it, in milliseconds since the epoch (now, for a live answer). */
  savedAt: number;
  /** `live`: the server answered just now; `cache`: the device's copy, because the server was not reached. */
  source: 'live' | 'cache';
}

/** What a cached-first read answers: dated data, or the failure when there is nothing to show. */
export type DatedOutcome<T> = ({ ok: true } & Dated<T>) | Extract<Outcome<T>, { ok: false }>;
