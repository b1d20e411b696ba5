import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { BankDeposit } from '../../../../domain/funding';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { usePrefs } from '../../../core/contexts';
import { MoreButton } from '../../trade';
import type { Paging } from '../../trade';
import { useNumbers } from '../../../i18n/use-numbers';
import { formatMs } from '../../trade';
import { BankDepositStatusLabel } from './bank-deposit-status';

/** Bank transfers are in cents (BankDepositReq). */
export const BANK_DECIMALS = 2;

/** One bank deposit in the list: amount, credit, state and time; opens the order detail. */
function BankDepositRow({ deposit }: { deposit: BankDeposit }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const n = useNumbers();
  return (
    <Link
      className="order-card funding-card funding-card--link"
      to={`/pages/assets/chargedone?id=${deposit.id}`}
      data-testid="bank-deposit-card"
      data-deposit-id={deposit.id}
      data-status={deposit.status}
    >
      <header className="order-card__head">
        <span className="funding-card__amount funding-card__amount--out">
          {n.fixed(deposit.amount, BANK_DECIMALS)} {deposit.currency}
        </span>
        <span className="order-card__time">{formatMs(deposit.createdAt, lang)}</span>
      </header>
      <footer className="order-card__foot">
        <span className="funding-card__sub">
          {t('order.credit')} {n.exact(deposit.credit)} {deposit.coin}
        </span>
        <BankDepositStatusLabel status={deposit.status} />
        <Icon name="chevron" size={16} className="list-row__chevron" />
      </footer>
    </Link>
  );
}

/** The user's bank deposits, newest first, paged. */
export function BankDepositList({ deposits, paging }: { deposits: BankDeposit[] | null; paging: Paging }) {
  const { t } = useTranslation('assets');
  if (deposits === null) {
    return (
      <div className="trade-orders__state">
        <Spinner size={24} />
      </div>
    );
  }
  if (deposits.length === 0) {
    return (
      <div className="state" data-testid="bank-deposits-empty">
        <span className="state__icon">
          <Icon name="bank" size={32} />
        </span>
        <p className="state__text">{t('order.empty')}</p>
        <Link className="btn btn--primary" to="/pages/assets/bankcharge">
          {t('bank.entry')}
        </Link>
      </div>
    );
  }
  return (
    <div className="order-list" data-testid="bank-deposit-list">
      {deposits.map((d) => (
        <BankDepositRow key={d.id} deposit={d} />
      ))}
      <MoreButton {...paging} />
    </div>
  );
}
