import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { MarketStatus } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { MarketRow } from './market-row';
import { FAVOURITES_TAB } from './market-toolbar';

/** A listed pair (status unknown without a catalog). */
export interface ListedPair {
  symbol: string;
  base: string;
  quote: string;
  status?: MarketStatus;
}

/** Props of {@link MarketList}. */
export interface MarketListProps {
  pairs: readonly ListedPair[];
  tickers: readonly Ticker[];
  tab: string;
  query: string;
  favourites: readonly string[];
  onToggleFavourite(symbol: string): void;
}

/** Pairs of the current tab that match the search (by base, quote or the whole symbol). */
export function filterPairs(
  pairs: readonly ListedPair[],
  tab: string,
  query: string,
  favourites: readonly string[],
): ListedPair[] {
  const q = query.trim().toUpperCase().replace(/\s+/g, '');
  return pairs.filter((p) => {
    if (tab === FAVOURITES_TAB ? !favourites.includes(p.symbol) : p.quote !== tab) return false;
    if (!q) return true;
    return p.symbol.toUpperCase().includes(q) || `${p.base}${p.quote}`.toUpperCase().includes(q);
  });
}

/** The market rows of one tab, with the column heads and honest empty states. */
export function MarketList({ pairs, tickers, tab, query, favourites, onToggleFavourite }: MarketListProps) {
  const { t } = useTranslation('market');
  const bySymbol = useMemo(() => new Map(tickers.map((tk) => [tk.symbol, tk])), [tickers]);
  const shown = useMemo(() => filterPairs(pairs, tab, query, favourites), [pairs, tab, query, favourites]);

  if (shown.length === 0) {
    const text = query.trim()
      ? t('empty.search', { query: query.trim() })
      : tab === FAVOURITES_TAB
        ? t('empty.favourites')
        : t('empty.none');
    return (
      <p className="market-empty" data-testid="market-empty">
        {text}
      </p>
    );
  }
  return (
    <div className="market-table">
      <div className="market-head" aria-hidden="true">
        <span>{t('columns.pair')}</span>
        <span>{t('columns.last')}</span>
        <span>{t('columns.change')}</span>
      </div>
      <ul className="market-rows" data-testid="market-list">
        {shown.map((p) => (
          <MarketRow
            key={p.symbol}
            symbol={p.symbol}
            base={p.base}
            quote={p.quote}
            status={p.status}
            ticker={bySymbol.get(p.symbol)}
            favourite={favourites.includes(p.symbol)}
            onToggleFavourite={onToggleFavourite}
          />
        ))}
      </ul>
    </div>
  );
}
