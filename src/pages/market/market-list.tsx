import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { MarketStatus } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { ChangePill } from './change-pill';
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

/** Rows drawn while the catalog and the first prices load (about one screen of them). */
const SKELETON_ROWS = 8;

/**
 * The list's frame while the catalog and the first prices load: the column heads and rows of dashes
 * in the rows' own boxes, so the page has its shape at once and nothing moves when the prices
 * arrive. Screen readers hear `label` once.
 */
export function MarketSkeleton({ label }: { label: string }) {
  const { t } = useTranslation('market');
  return (
    <div className="market-table" aria-busy="true" data-testid="market-loading">
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className="market-head" aria-hidden="true">
        <span>{t('columns.pair')}</span>
        <span>{t('columns.last')}</span>
        <span>{t('columns.change')}</span>
      </div>
      <ul className="market-rows" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="market-row market-row--skeleton">
            <span className="market-row__star" />
            <span className="market-row__link">
              <span className="market-row__name">
                <span className="market-row__pair">
                  <strong>--</strong>
                </span>
                <span className="market-row__vol">--</span>
              </span>
              <span className="market-row__last mono">--</span>
              <span className="market-row__change">
                <ChangePill changePct={undefined} solid />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
