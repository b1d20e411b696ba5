// The lever (contract) area of the worker: live positions marked on every spot trade, the exact
// pre-trade receipt, PnL at a price and the equity sum. Its code (worker/lever/live.ts) loads with
// the first lever call, not with the first render.
import type { LeverPreview, LeverPreviewInput } from '../../domain/lever-math';
import type { LeverOrder } from '../../domain';
import { once, type WorkerModuleFactory } from '../module';
import { notify } from '../notify';
import { forgetDated, keepDated, loadDated } from '../shared/dated';
import type { LeverCache, LeverLiveState, LeverPnlQuery } from './live';

/** The lever area's part of CoreApi. */
export interface LeverCoreApi {
  /** Watches positions and entrusting orders live; returns an id for `reloadLever` and `unwatchLever`. */
  watchLever(listener: (state: LeverLiveState) => void): Promise<number>;
  /** Reads the positions of watcher `id` from the server again (pull-to-refresh). */
  reloadLever(id: number): Promise<void>;
  unwatchLever(id: number): Promise<void>;
  /** The exact pre-trade receipt, computed like the server settles. */
  previewLever(input: LeverPreviewInput): Promise<LeverPreview>;
  /** PnL of a position if it closed at `price` (the TP/SL form); null on bad input. */
  leverPnlAt(query: LeverPnlQuery): Promise<string | null>;
  /** available + frozen + unrealized PnL, exact; null when a value is not a decimal string. */
  leverEquity(values: string[]): Promise<string | null>;
}

/**
 * Key of the last positions loaded in the dated cache (private: gone at sign-out). Before that cache,
 * the same key held `LeverCache` outside the private prefix; it is still read, and removed.
 */
export const LEVER_CACHE_KEY = 'lever.positions';

export const leverModule: WorkerModuleFactory<LeverCoreApi> = (ctx) => {
  const { store, socket, market } = ctx;
  // The session must be loaded: the device copy of positions is shown only to its owner.
  const lever = once(async () => {
    await ctx.ready();
    const m = await import('./live');
    return m.createLeverApi({
      call: async (name, req) => ctx.call(name, req as never) as never,
      subscribe: (ch, l) => socket.subscribe(ch, l),
      unsubscribe: (n) => socket.unsubscribe(n),
      watchTrades: (symbol, l) => market.watchTrades(symbol, l),
      unwatch: (n) => market.unwatch(n),
      notify,
      cache: {
        async get() {
          const userId = ctx.userId();
          const copy = userId === null ? null : await loadDated<LeverOrder[]>(store, LEVER_CACHE_KEY, userId);
          if (copy) return { userId: userId!, at: copy.savedAt, orders: copy.data };
          return store.get<LeverCache>(LEVER_CACHE_KEY);
        },
        set: (v) =>
          v
            ? keepDated(store, LEVER_CACHE_KEY, v.userId, v.orders, v.at)
            : forgetDated(store, [LEVER_CACHE_KEY]).then(() => store.remove(LEVER_CACHE_KEY)),
      },
      userId: ctx.userId,
    });
  });
  return {
    api: {
      watchLever: async (listener) => (await lever()).watchLever(listener),
      reloadLever: async (id) => (await lever()).reloadLever(id),
      unwatchLever: async (id) => (await lever()).unwatchLever(id),
      previewLever: async (input) => (await lever()).previewLever(input),
      leverPnlAt: async (query) => (await lever()).leverPnlAt(query),
      leverEquity: async (values) => (await lever()).leverEquity(values),
    },
    // The copy written before the dated cache, outside the private prefix.
    privateKeys: [LEVER_CACHE_KEY],
    dispose: async () => (await lever.started())?.dispose(),
  };
};
