import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { AssetsOverview } from '../../../domain/assets-estimate';
import type { CoinInfo } from '../../../domain/market';
import { Icon } from '../../components/icons';
import type { IconName } from '../../components/icons';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';

/** The grand estimate over all five accounts, and the coins it leaves out for want of a price. */
export function TotalCard({
  overview,
  catalogCoins,
}: {
  overview: AssetsOverview;
  /** The catalog's coins: the estimate is shown at its currency's display decimals. */
  catalogCoins: readonly CoinInfo[];
}) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  return (
    <section className="assets-total" data-testid="assets-total">
      <p className="assets-total__label">{t('overview.total', { quote: overview.quote })}</p>
      <p className="assets-total__value">
        <span data-testid="total-estimate">
          {n.coin(overview.estimate, coinOf(catalogCoins, overview.quote))}
        </span>
        <span className="assets-total__quote">{overview.quote}</span>
      </p>
      {overview.unpriced.length > 0 && (
        <p className="assets-total__note" data-testid="unpriced">
          {t('overview.unpriced', { coins: overview.unpriced.join(', ') })}
        </p>
      )}
      <AssetActions />
    </section>
  );
}

type ActionId = 'deposit' | 'withdraw' | 'transfer' | 'records';
const ACTIONS: readonly { id: ActionId; to: string; icon: IconName }[] = [
  { id: 'deposit', to: '/pages/assets/charge', icon: 'download' },
  { id: 'withdraw', to: '/pages/assets/mention', icon: 'upload' },
  { id: 'transfer', to: '/pages/assets/transfer', icon: 'swap' },
  { id: 'records', to: '/pages/assets/assetsIncome', icon: 'orders' },
];

/** Deposit, withdraw, transfer and records. */
export function AssetActions() {
  const { t } = useTranslation('assets');
  return (
    <nav className="assets-actions">
      {ACTIONS.map((a) => (
        <Link key={a.id} className="assets-actions__item" to={a.to} data-testid={`assets-${a.id}`}>
          <span className="assets-actions__icon">
            <Icon name={a.icon} size={20} />
          </span>
          <span className="assets-actions__label">{t(`actions.${a.id}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
