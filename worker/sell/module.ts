// The quick-sell area of the worker: the live preview of a sell, computed with the server's rule
// (domain/sell-math.ts) over the worker's merged order book (the market feed's bids, ungrouped), so
// the page shows what the amount would receive now without doing money arithmetic itself.
import type { SellQuoteMath } from '../../domain/sell-math';
import type { BookView } from '../market';
import { once, type WorkerModuleFactory } from '../module';

/** Most bid levels the preview walks (the book view's largest row count). */
const PREVIEW_LEVELS = 100;

/** What the preview needs of a sell: the market, its grid and fee, the amount typed. */
export interface SellPreviewInput {
  symbol: string;
  tickSize: string;
  takerFee: string;
  /** The amount typed, a wire decimal string; '' or an invalid one gives no figures. */
  qty: string;
}

/** The preview of a sell, sent on every book change and every change of the amount. */
export interface SellPreview {
  symbol: string;
  qty: string;
  /** The rule's figures over the book's bids; null without a valid amount or any bid. */
  math: SellQuoteMath | null;
  /** False while the book is resyncing: the figures are from the last known book. */
  live: boolean;
}

/** The quick-sell area's part of CoreApi. */
export interface SellApi {
  /**
   * Watches the live preview of selling `input.qty` of `input.symbol`'s base coin for its quote coin
   * into the current bids. Returns an id for `setSellPreview` and `unwatch`.
   */
  watchSellPreview(input: SellPreviewInput, listener: (preview: SellPreview) => void): Promise<number>;
  /** Changes the amount of a preview watcher (same market). */
  setSellPreview(id: number, qty: string): Promise<void>;
  /** Stops a preview watcher. */
  unwatchSellPreview(id: number): Promise<void>;
}

interface Watch {
  input: SellPreviewInput;
  view: BookView | null;
  listener: (preview: SellPreview) => void;
}

export const sellModule: WorkerModuleFactory<SellApi> = (ctx) => {
  const watches = new Map<number, Watch>();
  const math = once(() => import('../../domain/sell-math'));

  const send = async (w: Watch) => {
    const { quoteSell } = await math();
    const { input, view } = w;
    let figures: SellQuoteMath | null = null;
    if (view && view.bids.length > 0 && /^\d+(\.\d+)?$/.test(input.qty) && /[1-9]/.test(input.qty)) {
      figures = quoteSell(
        input.qty,
        view.bids.map((b) => ({ price: b.price, qty: b.qty })),
        input.takerFee,
      );
    }
    w.listener({ symbol: input.symbol, qty: input.qty, math: figures, live: view?.status === 'live' });
  };

  return {
    api: {
      async watchSellPreview(input, listener) {
        const watch: Watch = { input, view: null, listener };
        const id = await ctx.market.watchBook(
          input.symbol,
          { rows: PREVIEW_LEVELS, step: input.tickSize, side: 'buy' },
          (view) => {
            watch.view = view;
            void send(watch);
          },
        );
        watches.set(id, watch);
        return id;
      },
      async setSellPreview(id, qty) {
        const watch = watches.get(id);
        if (!watch) return;
        watch.input = { ...watch.input, qty };
        await send(watch);
      },
      async unwatchSellPreview(id) {
        if (watches.delete(id)) ctx.market.unwatch(id);
      },
    },
    dispose() {
      for (const id of watches.keys()) ctx.market.unwatch(id);
      watches.clear();
    },
  };
};
