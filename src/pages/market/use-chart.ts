import { CandlestickSeries, HistogramSeries, createChart } from 'lightweight-charts';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { formatCompact, formatNumber } from '../../../domain/display';
import type { Theme } from '../../../domain/locale';
import { candleOptions, chartOptions, readChartColors } from './chart-theme';
import type { ChartColors } from './chart-theme';

/** A candlestick chart with a volume histogram under it. */
export interface ChartApis {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick', UTCTimestamp>;
  volume: ISeriesApi<'Histogram', UTCTimestamp>;
  /** The colours now in use (volume bars take theirs when drawn). */
  colors: RefObject<ChartColors>;
}

/**
 * Creates the chart in `container` once and removes it on unmount. Colours follow `theme`
 * (applyOptions, no re-creation); the price axis follows `precision`; labels follow `locale`.
 */
export function useChart(
  container: RefObject<HTMLDivElement | null>,
  theme: Theme,
  locale: string,
  precision: number,
): ChartApis | null {
  const [apis, setApis] = useState<ChartApis | null>(null);
  const colors = useRef<ChartColors>(readChartColors());

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = readChartColors();
    colors.current = c;
    const chart = createChart(el, chartOptions(c, locale));
    const candles = chart.addSeries(CandlestickSeries, candleOptions(c));
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    setApis({
      chart,
      candles: candles as ISeriesApi<'Candlestick', UTCTimestamp>,
      volume: volume as ISeriesApi<'Histogram', UTCTimestamp>,
      colors,
    });
    return () => {
      setApis(null);
      chart.remove();
    };
    // Created once per mount; theme, locale and precision are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);

  useEffect(() => {
    if (!apis) return;
    const c = readChartColors();
    colors.current = c;
    apis.chart.applyOptions(chartOptions(c, locale));
    apis.candles.applyOptions(candleOptions(c));
  }, [apis, theme, locale]);

  useEffect(() => {
    if (!apis) return;
    // The axis and crosshair labels in the one number format (issue 10). The chart works in floats;
    // the label is written from a string with two spare digits, then floored to the tick's decimals.
    const spare = (value: number, digits: number) => value.toFixed(Math.min(20, digits + 2));
    apis.candles.applyOptions({
      priceFormat: {
        type: 'custom',
        minMove: 1 / 10 ** precision,
        formatter: (price: number) => formatNumber(spare(price, precision), { locale, decimals: precision }),
      },
    });
    apis.volume.applyOptions({
      priceFormat: {
        type: 'custom',
        minMove: 1,
        formatter: (volume: number) => formatCompact(spare(Math.max(0, volume), 2), { locale }),
      },
    });
  }, [apis, precision, locale]);

  return apis;
}
