import { useTranslation } from '../../i18n/use-translation';
import { SearchIcon, StarIcon } from './market-icons';

/** The favourites tab id; quote tabs use the quote coin (`USDT`). */
export const FAVOURITES_TAB = '*fav';

/** Props of {@link MarketToolbar}. */
export interface MarketToolbarProps {
  query: string;
  onQuery(query: string): void;
  quotes: readonly string[];
  tab: string;
  onTab(tab: string): void;
}

/** Search box and the quote-currency tabs (plus favourites). */
export function MarketToolbar({ query, onQuery, quotes, tab, onTab }: MarketToolbarProps) {
  const { t } = useTranslation('market');
  const tabs = [FAVOURITES_TAB, ...quotes];
  return (
    <div className="market-toolbar">
      <label className="market-search">
        <SearchIcon />
        <input
          className="market-search__input"
          type="search"
          inputMode="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('search')}
          aria-label={t('search')}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          data-testid="market-search"
        />
      </label>
      <div className="market-tabs" role="tablist" aria-label={t('quoteTabs')}>
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`market-tabs__tab${tab === id ? ' market-tabs__tab--active' : ''}`}
            onClick={() => onTab(id)}
            data-testid={id === FAVOURITES_TAB ? 'tab-favourites' : `tab-${id}`}
          >
            {id === FAVOURITES_TAB ? (
              <>
                <StarIcon on={tab === id} size={14} />
                {t('favourites')}
              </>
            ) : (
              id
            )}
          </button>
        ))}
      </div>
    </div>
  );
}
