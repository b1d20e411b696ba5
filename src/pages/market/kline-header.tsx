import { useTranslation } from '../../i18n/use-translation';
import type { MarketStatus } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { ChangePill } from './change-pill';
import { DataAge } from '../../components/data-age';
import { changeDirection, formatDecimal, formatFixed } from './format-market';
import { useLocale } from './use-locale';

/** Props of {@link KlineHeader}. */
export interface KlineHeaderProps {
  base: string;
  quote: string;
  ticker: Ticker | undefined;
  status: MarketStatus | undefined;
  /** Decimals the 24 h turnover is shown with: the quote coin's display decimals (floored). */
  turnoverDecimals: number;
  /** Age of the ticker when cached or not streaming. */
  staleSince: number | null;
}

/** Last price, 24 h change and the 24 h high, low and volumes of one market. */
export function KlineHeader({ base, quote, ticker, status, turnoverDecimals, staleSince }: KlineHeaderProps) {
  const { t } = useTranslation('market');
  const locale = useLocale();
  const dir = ticker ? changeDirection(ticker.changePct) : 'flat';
  const digits = (value: string | undefined) => (value === undefined ? '--' : formatDecimal(value, locale));
  const stat = (label: string, shown: string, testId: string) => (
    <div className="kline-stat">
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId}>
        {shown}
      </dd>
    </div>
  );
  const turnover = ticker ? formatFixed(ticker.quoteVolume, locale, turnoverDecimals) : '--';
  return (
    <section className="kline-head" data-testid="kline-header">
      <div className="kline-head__main">
        <p className={`kline-head__last mono price--${dir}`} data-testid="kline-last">
          {ticker ? formatDecimal(ticker.last, locale) : '--'}
        </p>
        <div className="kline-head__sub">
          <ChangePill changePct={ticker?.changePct} />
          {status && (
            <span className={`market-status market-status--${status}`} data-status={status}>
              {t(`status.${status}`)}
            </span>
          )}
        </div>
        <DataAge at={staleSince} />
      </div>
      <dl className="kline-head__stats">
        {stat(t('stats.high'), digits(ticker?.high), 'stat-high')}
        {stat(t('stats.low'), digits(ticker?.low), 'stat-low')}
        {stat(t('stats.volume', { coin: base }), digits(ticker?.volume), 'stat-volume')}
        {stat(t('stats.turnover', { coin: quote }), turnover, 'stat-turnover')}
      </dl>
    </section>
  );
}
