import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useWarmNumbers } from '../../i18n/warm-numbers';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useCore } from '../../core/contexts';
import { DataAge } from '../../components/data-age';
import { MarketList, MarketSkeleton } from './market-list';
import { FAVOURITES_TAB, MarketToolbar } from './market-toolbar';
import { useCatalog } from '../../core/use-catalog';
import { listedPairs, quoteTabs } from './listed-pairs';
import { useFavourites } from './use-favourites';
import { useTickers } from './use-tickers';

/** /pages/market/market: every listed pair with live last price, 24 h change and volume. */
export function MarketPage() {
  useWarmNumbers();
  const { t } = useTranslation(['market', 'common']);
  const { settings } = useCore();
  const tickers = useTickers();
  const { catalog, failed, reload } = useCatalog();
  const { favourites, toggle } = useFavourites();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');

  const pairs = useMemo(() => listedPairs(catalog, tickers.tickers), [catalog, tickers.tickers]);
  const quotes = useMemo(() => quoteTabs(catalog, tickers.tickers), [catalog, tickers.tickers]);
  const wanted = params.get('tab');
  const tab =
    wanted && (wanted === FAVOURITES_TAB || quotes.includes(wanted)) ? wanted : (quotes[0] ?? FAVOURITES_TAB);
  // The tab lives in the URL, so coming back from a chart lands on the same tab.
  const setTab = useCallback((next: string) => setParams({ tab: next }, { replace: true }), [setParams]);

  const { restart } = tickers;
  const refresh = useCallback(async () => {
    restart();
    await reload();
  }, [restart, reload]);

  // The catalog decides the rows' order and state: rows drawn from the tickers alone (alphabetical)
  // and then re-ordered when it arrives moved the whole list (layout shift). Without a catalog
  // (offline on a first visit: `failed`) the tickers alone are shown.
  const waiting = (!catalog && !failed) || (pairs.length === 0 && !tickers.settled);
  const broken = pairs.length === 0 && !waiting && failed;

  return (
    <Screen onRefresh={refresh}>
      <div className="market-meta">
        {settings?.simulated.market && (
          <span className="badge badge--sim" data-testid="sim-badge">
            {t('simulated')}
          </span>
        )}
        <DataAge at={tickers.staleSince} testId="market-age" />
      </div>
      <MarketToolbar query={query} onQuery={setQuery} quotes={quotes} tab={tab} onTab={setTab} />
      {waiting ? (
        <MarketSkeleton label={t('loading')} />
      ) : broken ? (
        <div className="state" role="alert">
          <span className="state__icon">
            <Icon name="wifiOff" size={32} />
          </span>
          <p className="state__text">{t('error')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void refresh()}>
            {t('common:actions.retry')}
          </button>
        </div>
      ) : (
        <MarketList
          pairs={pairs}
          tickers={tickers.tickers}
          tab={tab}
          query={query}
          favourites={favourites}
          onToggleFavourite={toggle}
        />
      )}
    </Screen>
  );
}
