// The signed-in user's last private answers (balances, open orders, deposit addresses, the first page
// of each list), kept in the worker's IndexedDB so every signed-in page renders what the worker last
// knew when the network is gone, dated. Per user, dropped with the session (store.setSession), never
// in the service worker's caches (DESIGN.md: private financial data is not cached there).
import type {
  BalanceLine,
  EndpointName,
  LeverOrder,
  Outcome,
  PrivateEvent,
  Req,
  Res,
  SpotOrder,
} from '../../../domain';
import type { DbHandle } from '../../db-handle';
import { isPrivateRead, requestText, type Dated, type DatedOutcome, type PrivateRead } from './reads';
import type { PrivateRow } from '../../store';

/**
 * The cache key of a request of the signed-in user's `name`, or null when the request is not kept
 * (a later page). Keys are sorted, so `{a, b}` and `{b, a}` are one entry.
 */
export function privateKey(userId: number, name: string, req: unknown): string | null {
  if (!isPrivateRead(name)) return null;
  if ((req as { before?: unknown } | undefined)?.before !== undefined) return null;
  return `${userId}|${name}|${requestText(req)}`;
}

/** Puts a changed order into a newest-first list of open orders, or takes it out once it ended. */
function upsertOpen(list: readonly SpotOrder[], order: SpotOrder): SpotOrder[] {
  const rest = list.filter((o) => o.id !== order.id);
  if (order.status !== 'open') return rest;
  return [...rest, order].sort((a, b) => b.id - a.id);
}

/**
 * Puts a changed contract order into a kept first page of `lever/orders` (status `filter`, newest
 * first): in it while its status matches the filter, out once it does not (a position that closed
 * leaves the `trading` tab and enters `closed`).
 */
function upsertLever(list: readonly LeverOrder[], order: LeverOrder, filter: unknown): LeverOrder[] {
  const rest = list.filter((o) => o.id !== order.id);
  const fits = filter === undefined || filter === 'all' || filter === order.status;
  if (!fits) return rest;
  // An order older than the whole page belongs to a later page, which is not kept.
  const oldest = list.at(-1)?.id ?? 0;
  if (list.length > 0 && order.id < oldest && !list.some((o) => o.id === order.id)) return rest;
  return [...rest, order].sort((a, b) => b.id - a.id);
}

/**
 * Whether a write may still happen: false once the session it belongs to ended. Checked right
 * before the write is queued, so a logout's clearing (queued after its token is dropped) always
 * comes after it.
 */
export type StillValid = () => boolean;

/** The private cache over the worker database. Every method swallows storage errors (quota, private mode). */
export interface PrivateCache {
  /** Keeps an ok answer of `name` for `userId` (ignored for endpoints and pages that are not kept). */
  save<K extends EndpointName>(
    userId: number,
    name: K,
    req: Req<K>,
    data: Res<K>,
    at: number,
    valid: StillValid,
  ): Promise<void>;
  /** The kept answer of `name` for `userId`, or null. */
  read<K extends PrivateRead>(userId: number, name: K, req: Req<K>): Promise<Dated<Res<K>> | null>;
  /**
   * Applies a private socket event: balances replace the kept balances; a spot order updates kept
   * open lists, a contract order the kept first pages of contract orders.
   */
  applyEvent(userId: number, event: PrivateEvent, at: number, valid: StillValid): Promise<void>;
}

/** Creates the private cache on the worker database (opened on first write, never on a read). */
export function createPrivateCache(db: DbHandle): PrivateCache {
  const put = async (row: PrivateRow, valid: StillValid): Promise<void> => {
    const d = await db.write();
    if (valid()) await d.private.put(row);
  };
  const quiet = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

  return {
    async save(userId, name, req, data, at, valid) {
      const key = privateKey(userId, name, req);
      if (key === null) return;
      const row: PrivateRow = { key, user: userId, name, req: { ...(req as object) }, data, savedAt: at };
      await quiet(put(row, valid));
    },
    async read(userId, name, req) {
      const key = privateKey(userId, name, req);
      if (key === null) return null;
      const row = await quiet((async () => (await db.read())?.private.get(key))());
      if (!row || row.user !== userId) return null;
      return { data: row.data as Res<typeof name>, savedAt: row.savedAt, source: 'cache' };
    },
    async applyEvent(userId, event, at, valid) {
      if (event.type === 'balance') {
        const balances: BalanceLine[] = event.balances;
        return this.save(userId, 'assets/balances', {}, balances, at, valid);
      }
      if (event.type !== 'order' && event.type !== 'lever') return;
      await quiet(
        (async () => {
          const d = await db.read();
          if (!d || !valid()) return;
          await d.transaction('rw', d.private, async () => {
            const rows = await d.private.where('user').equals(userId).toArray();
            for (const row of rows) {
              if (row.req.symbol !== undefined && row.req.symbol !== event.order.symbol) continue;
              let data: unknown;
              if (event.type === 'order' && row.name === 'trade/orders' && row.req.status === 'open') {
                data = upsertOpen(row.data as SpotOrder[], event.order);
              } else if (event.type === 'lever' && row.name === 'lever/orders') {
                data = upsertLever(row.data as LeverOrder[], event.order, row.req.status);
              } else continue;
              await d.private.put({ ...row, data, savedAt: at });
            }
          });
        })(),
      );
    },
  };
}

/** What the private reads need from the core. */
export interface PrivateReadsDeps {
  db: DbHandle;
  /** The core's call (session effects included). */
  call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>>;
  /** The signed-in user's id, or undefined. */
  userId(): number | undefined;
  token(): string | null;
}

/** The core's side of the private cache: what `cachedRead`, `readPrivate` and the private channel use. */
export interface PrivateReads {
  /** Keeps an ok answer of a call made with `token`, unless the session changed since. */
  keep<K extends EndpointName>(name: K, req: Req<K>, data: Res<K>, token: string): Promise<void>;
  cached<K extends PrivateRead>(name: K, req: Req<K>): Promise<Dated<Res<K>> | null>;
  read<K extends PrivateRead>(name: K, req: Req<K>): Promise<DatedOutcome<Res<K>>>;
  /** A private channel message: every listener hands over the same object, applied once. */
  tap(data: unknown): void;
}

/** Creates the private reads over the cache (loaded with the first private read or event). */
export function createPrivateReads(deps: PrivateReadsDeps): PrivateReads {
  const cache = createPrivateCache(deps.db);
  let lastEvent: unknown = null;
  const reads: PrivateReads = {
    async keep(name, req, data, token) {
      const userId = deps.userId();
      if (userId === undefined || deps.token() !== token) return;
      await cache.save(userId, name, req, data, Date.now(), () => deps.token() === token);
    },
    async cached(name, req) {
      const userId = deps.userId();
      return userId === undefined ? null : cache.read(userId, name, req);
    },
    async read(name, req) {
      const outcome = await deps.call(name, req);
      if (outcome.ok) return { ok: true, data: outcome.data, savedAt: Date.now(), source: 'live' };
      // Only when the server was not reached: any answer it gave (signed out, refused) is the truth.
      const unreached = outcome.messageKey === 'offline' || outcome.messageKey === 'timeout';
      const cached = unreached ? await reads.cached(name, req) : null;
      return cached ? { ok: true, ...cached } : (outcome as DatedOutcome<never>);
    },
    tap(data) {
      const userId = deps.userId();
      if (data === lastEvent || userId === undefined || typeof data !== 'object' || data === null) return;
      lastEvent = data;
      const valid = () => deps.userId() === userId;
      void cache.applyEvent(userId, data as PrivateEvent, Date.now(), valid);
    },
  };
  return reads;
}
