import * as Comlink from 'comlink';
import type { LogicalRange } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { Theme } from '../../../domain/locale';
import type { Candle, CandleInterval } from '../../../domain/market-data';
import type { CandleUpdate } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { mergeTail, toBar, toVolume } from './chart-bars';
import { createHistoryPager, withOlder } from './older-candles';
import type { ChartApis } from './use-chart';
import { startWatch } from './watch';

/** Candles fetched per step back in history. */
export const OLDER_PAGE = 300;
/** Load older candles when fewer than this many bars are left of the visible range. */
const NEAR_LEFT_EDGE = 20;
/** After a failed history request, wait this long before trying again. */
const RETRY_AFTER_MS = 10_000;

/** What the chart shows. */
export interface CandleSeriesState {
  status: 'loading' | 'ready' | 'empty' | 'error';
  /** Save time of a series that comes from the device cache only; null once fresh. */
  savedAt: number | null;
  /** Older candles are being fetched. */
  loadingOlder: boolean;
  /** Candles on the chart. */
  count: number;
}

const LOADING: CandleSeriesState = { status: 'loading', savedAt: null, loadingOlder: false, count: 0 };

/**
 * Feeds `apis` with a candle series: the worker's series (cache, history, then the live last
 * candle via `watchCandles`), plus older history fetched with `market/candles` when the user
 * scrolls near the left edge, prepended to the chart.
 */
export function useCandleSeries(
  apis: ChartApis | null,
  symbol: string,
  interval: CandleInterval,
  theme: Theme,
): CandleSeriesState {
  const { core } = useCore();
  const call = useCall();
  const callRef = useRef(call);
  useEffect(() => {
    callRef.current = call;
  }, [call]);
  const bars = useRef<Candle[]>([]);
  const seriesKey = `${symbol}|${interval}`;
  // State of the series it was set for; another series reads as loading until its first update.
  const [state, setState] = useState<CandleSeriesState & { key: string }>({ ...LOADING, key: seriesKey });

  useEffect(() => {
    if (!apis) return;
    let live = true;
    // Paging back waits for the worker's own history: until then the series may be a single live
    // candle, and a page "before" it would fetch what the history is about to bring anyway.
    let history = false;
    const pager = createHistoryPager(OLDER_PAGE, RETRY_AFTER_MS);
    const key = `${symbol}|${interval}`;
    // Live updates arrive up to once per frame: re-render only when what is shown changes.
    const patch = (p: Partial<CandleSeriesState>) =>
      setState((s) => {
        const same =
          s.key === key && (Object.keys(p) as (keyof CandleSeriesState)[]).every((k) => s[k] === p[k]);
        return same ? s : { ...(s.key === key ? s : LOADING), ...p, key };
      });
    bars.current = [];
    apis.candles.setData([]);
    apis.volume.setData([]);

    const draw = () => {
      const colors = apis.colors.current;
      apis.candles.setData(bars.current.map(toBar));
      apis.volume.setData(bars.current.map((c) => toVolume(c, colors)));
    };

    const onUpdate = (u: CandleUpdate) => {
      if (!live) return;
      if (u.reset) {
        // Everything shown before the fresh series starts stays: history paged in by scrolling back,
        // and candles the worker dropped off its bounded series (dropping them would leave a gap).
        bars.current = withOlder(bars.current, u.candles);
        draw();
      } else {
        for (const c of mergeTail(bars.current, u.candles)) {
          apis.candles.update(toBar(c));
          apis.volume.update(toVolume(c, apis.colors.current));
        }
      }
      patch({
        status: bars.current.length > 0 ? 'ready' : 'empty',
        savedAt: u.savedAt,
        count: bars.current.length,
      });
      if (u.history && !history) {
        history = true;
        // A series shorter than the screen never scrolls, so no range change would ask for more;
        // checked a frame later, once the chart has laid out the data just set.
        requestAnimationFrame(() => live && onRange(apis.chart.timeScale().getVisibleLogicalRange()));
      }
    };

    const loadOlder = async () => {
      if (!history) return;
      const before = pager.begin(bars.current, Date.now());
      if (before === null) return;
      patch({ loadingOlder: true });
      const out = await callRef.current('market/candles', { symbol, interval, before, limit: OLDER_PAGE });
      if (!live) return;
      patch({ loadingOlder: false });
      const { bars: next, added } = pager.finish(bars.current, out.ok ? out.data : null, Date.now());
      if (added.length === 0) return;
      bars.current = next;
      draw();
      patch({ count: bars.current.length });
    };

    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < NEAR_LEFT_EDGE) void loadOlder();
    };
    apis.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    const stop = startWatch(
      core,
      () => core.watchCandles(symbol, interval, Comlink.proxy(onUpdate)),
      () => live && patch({ status: 'error' }),
    );
    return () => {
      live = false;
      stop();
      apis.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    };
  }, [apis, core, symbol, interval]);

  // Volume bars carry their colour, so a theme change redraws them.
  useEffect(() => {
    if (!apis || bars.current.length === 0) return;
    const colors = apis.colors.current;
    apis.volume.setData(bars.current.map((c) => toVolume(c, colors)));
  }, [apis, theme]);

  const { key: _key, ...shown } = state.key === seriesKey ? state : { ...LOADING, key: seriesKey };
  return shown;
}
