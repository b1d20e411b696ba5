import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons';
import type { FundingDirection } from './funding-catalog';

/** The honest state when the catalog opens no coin for deposits (or withdrawals) at all. */
export function NothingOpen({ dir }: { dir: FundingDirection }) {
  const { t } = useTranslation(['assets', 'common']);
  return (
    <div className="state" data-testid="nothing-open">
      <span className="state__icon">
        <Icon name="info" size={32} />
      </span>
      <p className="state__text">{t(dir === 'deposit' ? 'picker.noDeposit' : 'picker.noWithdraw')}</p>
      <Link className="btn btn--secondary" to="/pages/assets/assets">
        {t('picker.toAssets')}
      </Link>
    </div>
  );
}
