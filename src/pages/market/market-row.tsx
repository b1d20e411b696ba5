import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { MarketStatus } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { ChangePill } from './change-pill';
import { formatCompact, formatDecimal, klinePath } from './format-market';
import { StarIcon } from './market-icons';
import { useLocale } from './use-locale';

/** Props of {@link MarketRow}. */
export interface MarketRowProps {
  symbol: string;
  base: string;
  quote: string;
  /** Unknown without a catalog (offline first launch of the page). */
  status: MarketStatus | undefined;
  ticker: Ticker | undefined;
  favourite: boolean;
  onToggleFavourite(symbol: string): void;
}

function RowBody({
  symbol,
  base,
  quote,
  status,
  ticker,
}: Omit<MarketRowProps, 'favourite' | 'onToggleFavourite'>) {
  const { t } = useTranslation('market');
  const locale = useLocale();
  return (
    <Link className="market-row__link" to={klinePath(symbol)} data-testid="market-link">
      <span className="market-row__name">
        <span className="market-row__pair">
          <strong>{base}</strong>
          <span className="market-row__quote">/{quote}</span>
          {status && (
            <span
              className={`market-status market-status--${status}${status === 'trading' ? ' market-status--dot' : ''}`}
              title={t(`status.${status}`)}
              data-testid="market-status"
              data-status={status}
            >
              {t(`status.${status}`)}
            </span>
          )}
        </span>
        <span className="market-row__vol">
          {t('vol', { value: ticker ? formatCompact(ticker.quoteVolume, locale) : '--' })}
        </span>
      </span>
      <span className="market-row__last mono" data-testid="market-last">
        {ticker ? formatDecimal(ticker.last, locale) : '--'}
      </span>
      <span className="market-row__change">
        <ChangePill changePct={ticker?.changePct} solid />
      </span>
    </Link>
  );
}

/** One market: favourite star, pair and state, last price, 24 h change; links to its K-line. */
export const MarketRow = memo(function MarketRow(props: MarketRowProps) {
  const { t } = useTranslation('market');
  const { symbol, favourite, onToggleFavourite, status } = props;
  return (
    <li
      className={`market-row${status === 'closed' ? ' market-row--closed' : ''}`}
      data-testid="market-row"
      data-symbol={symbol}
    >
      <button
        type="button"
        className={`market-row__star${favourite ? ' market-row__star--on' : ''}`}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'favourite.remove' : 'favourite.add', { symbol })}
        onClick={() => onToggleFavourite(symbol)}
        data-testid="favourite-toggle"
      >
        <StarIcon on={favourite} />
      </button>
      <RowBody {...props} />
    </li>
  );
}, sameRow);

function sameRow(a: MarketRowProps, b: MarketRowProps): boolean {
  return (
    a.symbol === b.symbol &&
    a.status === b.status &&
    a.favourite === b.favourite &&
    a.onToggleFavourite === b.onToggleFavourite &&
    a.ticker?.ts === b.ticker?.ts &&
    a.ticker?.last === b.ticker?.last &&
    a.ticker?.changePct === b.ticker?.changePct &&
    a.ticker?.quoteVolume === b.ticker?.quoteVolume
  );
}
