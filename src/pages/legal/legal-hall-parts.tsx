import { Link } from 'react-router-dom';
import type { LegalConfig } from '../../../domain/legal';
import { CoinAmount } from '../../components/coin-amount';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/use-translation';

/** The hall's links in the header: the caller's orders and shop. */
export function HallLinks() {
  const { t } = useTranslation('legal');
  return (
    <>
      <Link
        className="icon-btn"
        to="/pages/legal/order"
        aria-label={t('hall.orders')}
        data-testid="legal-orders-link"
      >
        <Icon name="orders" />
      </Link>
      <Link className="icon-btn" to="/pages/legal/store" aria-label={t('hall.myShop')}>
        <Icon name="user" />
      </Link>
    </>
  );
}

/** Buy or sell: the hall's two tabs. */
export function HallTabs({ side, onSide }: { side: 'buy' | 'sell'; onSide(side: 'buy' | 'sell'): void }) {
  const { t } = useTranslation('legal');
  return (
    <div className="segmented legal-tabs" role="tablist">
      {(['buy', 'sell'] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={side === k}
          className={`segmented__item${side === k ? ' segmented__item--active' : ''} legal-tabs__${k}`}
          onClick={() => onSide(k)}
          data-testid={`legal-tab-${k}`}
        >
          {t(`tabs.${k}`)}
        </button>
      ))}
    </div>
  );
}

/** The coin chips and the currency picker; before the terms arrive, an empty bar of the same height. */
export function HallFilters(props: {
  terms: LegalConfig | null;
  coin: string;
  currency: string;
  onCoin(coin: string): void;
  onCurrency(currency: string): void;
}) {
  const { terms, coin, currency } = props;
  const { t } = useTranslation('legal');
  // The bar is there before the terms arrive, empty at its final height: it appeared with them
  // and pushed the list down (a 0.046 layout shift on a first visit).
  if (!terms) return <div className="legal-filters" aria-hidden="true" data-testid="legal-filters-pending" />;
  return (
    <div className="legal-filters">
      <div className="legal-coins" role="radiogroup" aria-label={t('hall.coin')}>
        {terms.coins.map((c) => (
          <button
            key={c.coin}
            type="button"
            role="radio"
            aria-checked={c.coin === coin}
            className={`legal-chip${c.coin === coin ? ' legal-chip--active' : ''}`}
            onClick={() => props.onCoin(c.coin)}
          >
            {c.coin}
          </button>
        ))}
      </div>
      <label className="legal-currency">
        <span className="assets-sr-only">{t('hall.currency')}</span>
        <select
          value={currency}
          onChange={(e) => props.onCurrency(e.target.value)}
          data-testid="legal-currency"
        >
          {terms.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The signed-in caller's fiat account: `available` of `coin`, with its transfer and log. */
export function HallAccount({ coin, available }: { coin: string; available: string }) {
  const { t } = useTranslation('legal');
  return (
    <div className="legal-account" data-testid="legal-account">
      <span>
        {t('hall.fiatAccount')}{' '}
        <strong className="mono">
          <CoinAmount value={available} coin={coin} />
        </strong>
      </span>
      <Link to="/pages/legal/transfer">{t('hall.transfer')}</Link>
      <Link to="/pages/legal/transactionRecord">{t('hall.log')}</Link>
    </div>
  );
}
