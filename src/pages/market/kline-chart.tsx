import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CandleInterval } from '../../../domain/market-data';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { usePrefs } from '../../core/contexts';
import { DataAge } from '../../components/data-age';
import { useCandleSeries } from './use-candle-series';
import { useChart } from './use-chart';
import { useLocale } from './use-locale';

/** Props of {@link KlineChart}. */
export interface KlineChartProps {
  symbol: string;
  interval: CandleInterval;
  /** Decimals of the price axis (the pair's tick size). */
  precision: number;
}

/** The candlestick chart with volume, live last candle and history loaded by scrolling back. */
export function KlineChart({ symbol, interval, precision }: KlineChartProps) {
  const { t } = useTranslation('market');
  const { theme } = usePrefs();
  const locale = useLocale();
  const online = useOnline();
  const container = useRef<HTMLDivElement>(null);
  const apis = useChart(container, theme, locale, precision);
  const { status, savedAt, loadingOlder, count } = useCandleSeries(apis, symbol, interval, theme);

  return (
    <section
      className="kline-chart"
      data-testid="kline-chart"
      data-status={status}
      data-interval={interval}
      data-count={count}
    >
      <div ref={container} className="kline-chart__canvas" />
      {status !== 'ready' && (
        <div className="kline-chart__overlay" role={status === 'error' ? 'alert' : 'status'}>
          {status === 'loading' && online && <Spinner size={24} label={t('chart.loading')} />}
          <span>
            {status === 'loading'
              ? t(online ? 'chart.loading' : 'chart.offline')
              : status === 'empty'
                ? t('chart.empty')
                : t('chart.error')}
          </span>
        </div>
      )}
      {loadingOlder && (
        <span className="kline-chart__older">
          <Spinner size={14} />
          {t('chart.older')}
        </span>
      )}
      {savedAt !== null && (
        <span className="kline-chart__age">
          <DataAge at={savedAt} />
        </span>
      )}
    </section>
  );
}
