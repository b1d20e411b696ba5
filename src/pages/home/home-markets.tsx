import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useWarmNumbers } from '../../i18n/warm-numbers';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { ChangePill } from '../market';
import { DataAge } from '../../components/data-age';
import { changeDirection, formatCompact, formatDecimal, klinePath, splitSymbol } from '../market';
import { hotTickers, topGainers } from '../market';
import { useLocale } from '../market';
import type { TickersState } from '../market';

/** Hot products shown as tiles, and rows in the gainers list. */
const HOT_COUNT = 3;
const GAINERS_COUNT = 5;

function Pair({ symbol }: { symbol: string }) {
  const { base, quote } = splitSymbol(symbol);
  return (
    <span className="home-pair">
      <strong>{base}</strong>
      <span className="home-pair__quote">/{quote}</span>
    </span>
  );
}

/**
 * Placeholders of the same shape as the loaded tiles and rows, shown until the first prices: the
 * card keeps its height, so nothing below it jumps when prices arrive (layout shift).
 */
function MarketsSkeleton({ gainersTitle }: { gainersTitle: string }) {
  return (
    <div aria-busy="true" className="markets-skeleton">
      <div className="hot-grid">
        {Array.from({ length: HOT_COUNT }, (_, i) => (
          <span key={i} className="hot-tile">
            <span className="home-pair">
              <strong>--</strong>
            </span>
            <span className="hot-tile__last mono">--</span>
            <ChangePill changePct={undefined} />
          </span>
        ))}
      </div>
      <h3 className="home-subtitle">{gainersTitle}</h3>
      <ul className="gainers">
        {Array.from({ length: GAINERS_COUNT }, (_, i) => (
          <li key={i}>
            <span className="gainer">
              <span className="gainer__name">
                <span className="home-pair">
                  <strong>--</strong>
                </span>
                <span className="gainer__vol">--</span>
              </span>
              <span className="gainer__last mono">--</span>
              <ChangePill changePct={undefined} solid />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Home "hot products" (top 24 h quote volume) and "gainers" (top 24 h change), live. */
export function HomeMarkets({ tickers }: { tickers: TickersState }) {
  useWarmNumbers();
  const { t } = useTranslation('home');
  const locale = useLocale();
  const hot = useMemo(() => hotTickers(tickers.tickers, HOT_COUNT), [tickers.tickers]);
  const gainers = useMemo(() => topGainers(tickers.tickers, GAINERS_COUNT), [tickers.tickers]);
  const empty = tickers.tickers.length === 0;

  return (
    <section className="card" data-testid="home-markets">
      <div className="card__head">
        <h2 className="card__title">{t('sections.hot')}</h2>
        <Link className="btn btn--text btn--small" to="/pages/market/market">
          {t('openMarket')}
          <Icon name="chevron" size={16} />
        </Link>
      </div>
      <DataAge at={tickers.staleSince} testId="home-age" />
      {empty ? (
        tickers.settled ? (
          <p className="card__text">{t('noPrices')}</p>
        ) : (
          <MarketsSkeleton gainersTitle={t('sections.gainers')} />
        )
      ) : (
        <>
          <div className="hot-grid" data-testid="hot-list">
            {/* Keyed by rank, not by market: when the ranking changes a tile says another market
                instead of moving to another place (a layout shift with each price update). */}
            {hot.map((tk, rank) => (
              <Link key={rank} className="hot-tile" to={klinePath(tk.symbol)} data-testid="hot-tile">
                <Pair symbol={tk.symbol} />
                <span className={`hot-tile__last mono price--${changeDirection(tk.changePct)}`}>
                  {formatDecimal(tk.last, locale)}
                </span>
                <ChangePill changePct={tk.changePct} />
              </Link>
            ))}
          </div>
          <h3 className="home-subtitle">{t('sections.gainers')}</h3>
          <ul className="gainers" data-testid="gainers-list">
            {gainers.map((tk, rank) => (
              <li key={rank}>
                <Link className="gainer" to={klinePath(tk.symbol)} data-testid="gainer-row">
                  <span className="gainer__name">
                    <Pair symbol={tk.symbol} />
                    <span className="gainer__vol">
                      {t('volume', { value: formatCompact(tk.quoteVolume, locale) })}
                    </span>
                  </span>
                  <span className="gainer__last mono">{formatDecimal(tk.last, locale)}</span>
                  <ChangePill changePct={tk.changePct} solid />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
