import type { LeverPreview, LeverPreviewInput } from '../../domain/lever-math';
import type { LeverOrder, LeverTerms, Outcome, PrivateEvent, TradeTick } from '../../domain';
import { channels } from '../../domain/market-data';
import { isLiquidating, pnlOf, previewLever as compute, riskRateOf } from '../../domain/lever-math';

/** An open position or entrusting order with its live mark, as the lever pages show it. */
export interface LeverLivePosition extends LeverOrder {
  /** Price of the last spot trade of the pair seen by the worker (the contract price), or null. */
  mark: string | null;
  /** When that trade happened, epoch ms. */
  markAt: number | null;
  /** PnL at the mark (before the close fee), signed decimal string; null while entrusting or unknown. */
  livePnl: string | null;
  /** (margin + PnL) ÷ margin at the mark, 4 decimals; null while entrusting or unknown. */
  riskRate: string | null;
  /** True when the risk rate is at or below the catalog's warning rate. */
  nearLiquidation: boolean;
}

/** What a lever watcher receives. */
export interface LeverLiveState {
  positions: LeverLivePosition[];
  /** Sum of live PnL per margin coin over open positions (for the equity estimate). */
  unrealized: Record<string, string>;
  /** Open positions and their summed live PnL per coin, for the batch-close confirmations. */
  totals: Record<'all' | 'long' | 'short', { count: number; pnl: Record<string, string> }>;
  /** When the positions list was last loaded from the server, epoch ms; null before the first load. */
  loadedAt: number | null;
  /** The message key of the last failed load, or null. */
  error: string | null;
}

/** What the live lever watcher needs from the core. */
export interface LeverLiveDeps {
  call<T>(name: 'lever/positions' | 'lever/config', req: object): Promise<Outcome<T>>;
  subscribe(channel: string, listener: (data: unknown) => void): number;
  unsubscribe(id: number): void;
  watchTrades(symbol: string, listener: (trades: TradeTick[]) => void): Promise<number>;
  unwatch(id: number): void;
  /**
   * The device copy of the last positions loaded, so a page visited before renders them at once,
   * dated, while the server answers (or when it cannot).
   */
  cache?: {
    get(): Promise<LeverCache | undefined>;
    set(value: LeverCache | null): Promise<void>;
  };
  /** The signed-in user's id: a device copy of another user's positions is never shown. */
  userId?(): number | null;
}

/** What the device keeps of the lever positions: whose, when, and the list. */
export interface LeverCache {
  userId: number;
  at: number;
  orders: LeverOrder[];
}

/** A running watcher: `reload` fetches the positions again, `stop` ends every subscription. */
export interface LeverLive {
  reload(): Promise<void>;
  stop(): void;
}

const LIVE = new Set(['entrusting', 'trading']);

/** Adds decimal strings exactly (ledger precision, 8 decimals). */
export function sum(values: string[]): string {
  let units = 0n;
  for (const v of values) {
    const neg = v.startsWith('-');
    const [w, f = ''] = (neg ? v.slice(1) : v).split('.');
    const u = BigInt(w!) * 100_000_000n + BigInt(f.padEnd(8, '0').slice(0, 8) || '0');
    units += neg ? -u : u;
  }
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const text = `${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`;
  return neg ? `-${text}` : text;
}

/**
 * Watches the caller's open positions and entrusting orders: loads them, follows the private
 * channel's `lever` events, and re-marks every position on each spot trade of its pair (the same
 * trades that settle it), computing PnL and risk rate with the server's own domain math. No polling.
 */
export function watchLeverLive(deps: LeverLiveDeps, listener: (state: LeverLiveState) => void): LeverLive {
  const orders = new Map<number, LeverOrder>();
  const marks = new Map<string, { price: string; ts: number }>();
  const tradeWatches = new Map<string, Promise<number>>();
  let warn = '0';
  let loadedAt: number | null = null;
  let error: string | null = null;
  let stopped = false;

  const emit = () => {
    if (stopped) return;
    const positions = [...orders.values()].sort((a, b) => b.id - a.id).map(view);
    const total = (keep: (p: LeverLivePosition) => boolean) => {
      const open = positions.filter((p) => p.status === 'trading' && keep(p));
      const byCoin = new Map<string, string[]>();
      for (const p of open) {
        if (p.livePnl !== null) byCoin.set(p.coin, [...(byCoin.get(p.coin) ?? []), p.livePnl]);
      }
      return { count: open.length, pnl: Object.fromEntries([...byCoin].map(([c, list]) => [c, sum(list)])) };
    };
    const totals = {
      all: total(() => true),
      long: total((p) => p.side === 'long'),
      short: total((p) => p.side === 'short'),
    };
    listener({ positions, unrealized: totals.all.pnl, totals, loadedAt, error });
  };

  function view(o: LeverOrder): LeverLivePosition {
    const mark = marks.get(o.symbol) ?? null;
    const base = { ...o, mark: mark?.price ?? null, markAt: mark?.ts ?? null };
    if (o.status !== 'trading' || !mark || o.openPrice === null) {
      return { ...base, livePnl: null, riskRate: null, nearLiquidation: false };
    }
    const livePnl = pnlOf(o.side, o.openPrice, mark.price, o.hands, o.lot);
    return {
      ...base,
      livePnl,
      riskRate: riskRateOf(o.margin, livePnl),
      nearLiquidation: isLiquidating(o.margin, livePnl, warn),
    };
  }

  const ensureTrades = (symbol: string) => {
    if (tradeWatches.has(symbol)) return;
    tradeWatches.set(
      symbol,
      deps.watchTrades(symbol, (trades) => {
        const last = trades[0];
        if (!last) return;
        marks.set(symbol, { price: last.price, ts: last.ts });
        emit();
      }),
    );
  };

  const sub = deps.subscribe(channels.private, (data) => {
    const e = data as PrivateEvent | null;
    if (!e || e.type !== 'lever') return;
    if (LIVE.has(e.order.status)) {
      orders.set(e.order.id, e.order);
      ensureTrades(e.order.symbol);
    } else orders.delete(e.order.id);
    emit();
  });

  async function reload(): Promise<void> {
    const [config, list] = await Promise.all([
      warn === '0' ? deps.call<LeverTerms>('lever/config', {}) : Promise.resolve(null),
      deps.call<LeverOrder[]>('lever/positions', {}),
    ]);
    if (config?.ok) warn = config.data.warnRiskRate;
    if (list.ok) {
      orders.clear();
      for (const o of list.data) {
        orders.set(o.id, o);
        ensureTrades(o.symbol);
      }
      loadedAt = Date.now();
      error = null;
      const userId = deps.userId?.() ?? null;
      if (userId !== null) {
        // A failed cache write must not fail the load that succeeded.
        await deps.cache?.set({ userId, at: loadedAt, orders: list.data }).catch(() => undefined);
      }
    } else error = list.messageKey ?? list.intent;
    emit();
  }

  async function start(): Promise<void> {
    const cached = await deps.cache?.get().catch(() => undefined);
    const userId = deps.userId?.() ?? null;
    if (cached && cached.userId === userId && loadedAt === null && !stopped) {
      for (const o of cached.orders) {
        orders.set(o.id, o);
        ensureTrades(o.symbol);
      }
      loadedAt = cached.at;
      emit();
    } else if (cached && userId !== null && cached.userId !== userId) {
      await deps.cache?.set(null).catch(() => undefined);
    }
    await reload();
  }

  void start();
  return {
    reload,
    stop() {
      stopped = true;
      deps.unsubscribe(sub);
      for (const id of tradeWatches.values()) void id.then((n) => deps.unwatch(n));
      tradeWatches.clear();
    },
  };
}

/** The pre-trade receipt, computed exactly as the server will (empty preview on malformed input). */
export function previewLeverOrder(input: LeverPreviewInput): LeverPreview {
  try {
    return compute(input);
  } catch {
    return compute({ ...input, hands: null });
  }
}

/** A position and a price to close it at. */
export interface LeverPnlQuery {
  side: 'long' | 'short';
  openPrice: string;
  price: string;
  hands: number;
  lot: string;
}

/** PnL of a position if it closed at `price` (the TP/SL form's "PnL at this price"); null on bad input. */
export function leverPnlAt(q: LeverPnlQuery): string | null {
  if (!/^\d+(\.\d+)?$/.test(q.price.trim()) || !/^\d+(\.\d+)?$/.test(q.openPrice)) return null;
  try {
    return pnlOf(q.side, q.openPrice, q.price.trim(), q.hands, q.lot);
  } catch {
    return null;
  }
}

/** What the lever calls need from the core. */
export interface LeverApiDeps extends LeverLiveDeps {
  notify<A>(listener: (arg: A) => unknown, arg: A): void;
}

/** The lever area's worker calls (CoreApi's lever methods, see worker/lever/module.ts). */
export interface LeverApi {
  /** Watches positions and entrusting orders live; returns an id for `reloadLever` and `unwatchLever`. */
  watchLever(listener: (state: LeverLiveState) => void): number;
  reloadLever(id: number): Promise<void>;
  unwatchLever(id: number): void;
  previewLever(input: LeverPreviewInput): LeverPreview;
  leverPnlAt(query: LeverPnlQuery): string | null;
  /** available + frozen + unrealized PnL, exact; null when a value is not a decimal string. */
  leverEquity(values: string[]): string | null;
  dispose(): void;
}

/** Creates the lever calls of one core. */
export function createLeverApi(deps: LeverApiDeps): LeverApi {
  const watches = new Map<number, LeverLive>();
  let ids = 0;
  return {
    watchLever(listener) {
      const id = ++ids;
      watches.set(
        id,
        watchLeverLive(deps, (state) => deps.notify(listener, state)),
      );
      return id;
    },
    reloadLever: async (id) => watches.get(id)?.reload(),
    unwatchLever(id) {
      watches.get(id)?.stop();
      watches.delete(id);
    },
    previewLever: previewLeverOrder,
    leverPnlAt,
    leverEquity: (values) => (values.every((v) => /^-?\d+(\.\d{1,8})?$/.test(v)) ? sum(values) : null),
    dispose() {
      for (const w of watches.values()) w.stop();
      watches.clear();
    },
  };
}
