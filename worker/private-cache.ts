// The signed-in user's last private answers (balances, open orders, deposit addresses, the first page
// of each list), kept in the worker's IndexedDB so every signed-in page renders what the worker last
// knew when the network is gone, dated. Per user, dropped with the session (store.setSession), never
// in the service worker's caches (DESIGN.md: private financial data is not cached there).
import type { BalanceLine, EndpointName, Outcome, PrivateEvent, Req, Res, SpotOrder } from '../domain';
import type { DbHandle } from './market/feed-context';
import type { PrivateRow } from './store';

/** Endpoints whose answers the private cache keeps; lists only their first page (no `before`). */
export const PRIVATE_READS = [
  'assets/overview',
  'assets/balances',
  'assets/depositAddress',
  'assets/journal',
  'assets/deposits',
  'trade/orders',
  'trade/fills',
] as const satisfies readonly EndpointName[];

/** An endpoint the private cache keeps. */
export type PrivateRead = (typeof PRIVATE_READS)[number];

/** Whether the answer of `name` is kept in the private cache. */
export const isPrivateRead = (name: string): name is PrivateRead =>
  (PRIVATE_READS as readonly string[]).includes(name);

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

/**
 * The cache key of a request of the signed-in user's `name`, or null when the request is not kept
 * (a later page). Keys are sorted, so `{a, b}` and `{b, a}` are one entry.
 */
export function privateKey(userId: number, name: string, req: unknown): string | null {
  if (!isPrivateRead(name)) return null;
  const r = (req ?? {}) as Record<string, unknown>;
  if (r.before !== undefined) return null;
  const parts = Object.keys(r)
    .filter((k) => r[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(r[k])}`);
  return `${userId}|${name}|${parts.join('&')}`;
}

/** Puts a changed order into a newest-first list of open orders, or takes it out once it ended. */
function upsertOpen(list: readonly SpotOrder[], order: SpotOrder): SpotOrder[] {
  const rest = list.filter((o) => o.id !== order.id);
  if (order.status !== 'open') return rest;
  return [...rest, order].sort((a, b) => b.id - a.id);
}

/** The private cache over the worker database. Every method swallows storage errors (quota, private mode). */
export interface PrivateCache {
  /** Keeps an ok answer of `name` for `userId` (ignored for endpoints and pages that are not kept). */
  save<K extends EndpointName>(userId: number, name: K, req: Req<K>, data: Res<K>, at: number): Promise<void>;
  /** The kept answer of `name` for `userId`, or null. */
  read<K extends PrivateRead>(userId: number, name: K, req: Req<K>): Promise<Dated<Res<K>> | null>;
  /** Applies a private socket event: balances replace the kept balances; an order updates kept open lists. */
  applyEvent(userId: number, event: PrivateEvent, at: number): Promise<void>;
}

/** Creates the private cache on the worker database (opened on first write, never on a read). */
export function createPrivateCache(db: DbHandle): PrivateCache {
  const put = async (row: PrivateRow): Promise<void> => {
    await (await db.write()).private.put(row);
  };
  const quiet = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

  return {
    async save(userId, name, req, data, at) {
      const key = privateKey(userId, name, req);
      if (key === null) return;
      const row: PrivateRow = { key, user: userId, name, req: { ...(req as object) }, data, savedAt: at };
      await quiet(put(row));
    },
    async read(userId, name, req) {
      const key = privateKey(userId, name, req);
      if (key === null) return null;
      const row = await quiet((async () => (await db.read())?.private.get(key))());
      if (!row || row.user !== userId) return null;
      return { data: row.data as Res<typeof name>, savedAt: row.savedAt, source: 'cache' };
    },
    async applyEvent(userId, event, at) {
      if (event.type === 'balance') {
        const balances: BalanceLine[] = event.balances;
        return this.save(userId, 'assets/balances', {}, balances, at);
      }
      if (event.type !== 'order') return;
      const order = event.order;
      await quiet(
        (async () => {
          const d = await db.read();
          if (!d) return;
          await d.transaction('rw', d.private, async () => {
            const rows = await d.private.where('user').equals(userId).toArray();
            for (const row of rows) {
              if (row.name !== 'trade/orders' || row.req.status !== 'open') continue;
              if (row.req.symbol !== undefined && row.req.symbol !== order.symbol) continue;
              await d.private.put({ ...row, data: upsertOpen(row.data as SpotOrder[], order), savedAt: at });
            }
          });
        })(),
      );
    },
  };
}
