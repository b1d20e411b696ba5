import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import { coinDisplayDecimals, DEFAULT_COIN_DISPLAY_DECIMALS, stepDecimals } from '../../../domain/market';
import type { CandleInterval } from '../../../domain/market-data';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { splitSymbol, stepOfPrice, tradePath } from './format-market';
import { IntervalTabs, parseInterval } from './interval-tabs';
import { KlineChart } from './kline-chart';
import { KlineHeader } from './kline-header';
import { MarketPanels } from './market-panels';
import { StarIcon } from './market-icons';
import { useCatalog } from '../../core/use-catalog';
import { useFavourites } from './use-favourites';
import { findTicker, useTickers } from './use-tickers';

/** The interval a chart opens with. */
const DEFAULT_INTERVAL: CandleInterval = '15m';
const MARKET = '/pages/market/market';

function UnknownMarket() {
  const { t } = useTranslation('market');
  return (
    <Screen backTo={MARKET}>
      <div className="state" role="alert" data-testid="kline-unknown">
        <span className="state__icon">
          <Icon name="info" size={32} />
        </span>
        <p className="state__text">{t('unknownMarket')}</p>
        <Link className="btn btn--primary" to={MARKET}>
          {t('allMarkets')}
        </Link>
      </div>
    </Screen>
  );
}

/** /pages/market/kline?symbol=BTC/USDT: chart, 24 h statistics, order book, trades, buy and sell. */
export function KlinePage() {
  const { t } = useTranslation('market');
  const [params, setParams] = useSearchParams();
  const asked = params.get('symbol') ?? '';
  const interval = parseInterval(params.get('interval'), DEFAULT_INTERVAL);
  const { catalog, failed } = useCatalog();
  const tickers = useTickers();
  const { favourites, toggle } = useFavourites();

  // Opened without a symbol (a bookmark, the bare route): the catalog's first market, not an error.
  // It renders at once; the address then names it, so a reload or a shared link opens the same chart.
  const fallback = asked ? null : (catalog?.pairs[0]?.symbol ?? tickers.tickers[0]?.symbol ?? null);
  const symbol = asked || fallback || '';
  const addressed = useRef<string | null>(null);
  // Looked at after every commit, not as an effect of `fallback`: React 19.3 at times skips an effect
  // whose dependencies changed when the render that changed them was restarted (facebook/react#34556),
  // and this page then waited for the address forever.
  useEffect(() => {
    if (!fallback || addressed.current === fallback) return;
    addressed.current = fallback;
    setParams({ symbol: fallback, interval }, { replace: true });
  });

  const chooseInterval = useCallback(
    (next: CandleInterval) => {
      const p = new URLSearchParams(params);
      if (symbol) p.set('symbol', symbol);
      p.set('interval', next);
      setParams(p, { replace: true });
    },
    [params, setParams, symbol],
  );

  const pair = catalog?.pairs.find((p) => p.symbol === symbol);
  const ticker = findTicker(tickers.tickers, symbol);
  if (!symbol && (!tickers.settled || (!catalog && !failed)))
    return (
      <Screen backTo={MARKET}>
        <div className="state" aria-busy="true" />
      </Screen>
    );
  const unknown =
    !symbol.includes('/') || (catalog !== null && !pair) || (failed && !ticker && tickers.settled);
  if (unknown) return <UnknownMarket />;

  const { base, quote } = pair ?? splitSymbol(symbol);
  // Without a catalog (offline), a price string's own decimals are the tick's (prices are canonical).
  const step = pair?.tickSize ?? (ticker ? stepOfPrice(ticker.last) : null);
  const closed = pair?.status === 'closed';
  const favourite = favourites.includes(symbol);

  return (
    <Screen
      title={symbol}
      backTo={MARKET}
      right={
        <button
          type="button"
          className={`icon-btn market-row__star${favourite ? ' market-row__star--on' : ''}`}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'favourite.remove' : 'favourite.add', { symbol })}
          onClick={() => toggle(symbol)}
          data-testid="kline-favourite"
        >
          <StarIcon on={favourite} size={20} />
        </button>
      }
    >
      <KlineHeader
        base={base}
        quote={quote}
        ticker={ticker}
        status={pair?.status}
        turnoverDecimals={coinDisplayDecimals(
          catalog?.coins.find((c) => c.symbol === quote) ?? { decimals: DEFAULT_COIN_DISPLAY_DECIMALS },
        )}
        staleSince={tickers.staleSince}
      />
      <IntervalTabs value={interval} onChange={chooseInterval} />
      <KlineChart key={symbol} symbol={symbol} interval={interval} precision={stepDecimals(step ?? '0.01')} />
      <MarketPanels key={`panels-${symbol}`} symbol={symbol} base={base} quote={quote} step={step} />
      <p className="kline-attribution">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          {t('attribution')}
        </a>
      </p>
      {closed && <p className="note">{t('closedNotice')}</p>}
      <div className="trade-bar">
        {closed ? (
          <>
            <span className="btn btn--buy" aria-disabled="true">
              {t('buy', { coin: base })}
            </span>
            <span className="btn btn--sell" aria-disabled="true">
              {t('sell', { coin: base })}
            </span>
          </>
        ) : (
          <>
            <Link className="btn btn--buy" to={tradePath(symbol, 'buy')} data-testid="kline-buy">
              {t('buy', { coin: base })}
            </Link>
            <Link className="btn btn--sell" to={tradePath(symbol, 'sell')} data-testid="kline-sell">
              {t('sell', { coin: base })}
            </Link>
          </>
        )}
      </div>
    </Screen>
  );
}
