import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { WithdrawQuota } from '../../../../domain/funding';
import { Icon } from '../../../components/icons';
import { useNumbers } from '../../../i18n/use-numbers';

/** Props of {@link WithdrawQuotaSummary}. */
export interface WithdrawQuotaSummaryProps {
  quota: WithdrawQuota;
  /** What reaches the address for the typed amount, as the worker computed it; null while unknown. */
  receive: string | null;
}

/**
 * The terms of this withdrawal: fee, minimum, today's limit and what is left of it (with the hint
 * that identity verification raises it, spec §6), and what the address receives.
 */
export function WithdrawQuotaSummary({ quota, receive }: WithdrawQuotaSummaryProps) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  const c = quota.coin;
  // Terms are shown with every digit they have: a fee or a minimum is never rounded away.
  const rows: [string, string, string][] = [
    [t('withdraw.fee'), `${n.exact(quota.fee)} ${c}`, 'withdraw-fee'],
    [t('withdraw.min'), `${n.exact(quota.min)} ${c}`, 'withdraw-min'],
    [t('withdraw.dailyLimit'), `${n.exact(quota.dailyLimit)} ${c}`, 'withdraw-limit'],
    [t('withdraw.remainingToday'), `${n.exact(quota.remainingToday)} ${c}`, 'withdraw-remaining'],
  ];
  return (
    <div className="withdraw-terms">
      <dl className="order-summary">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="order-summary__row">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
        <div className="order-summary__row withdraw-terms__receive">
          <dt>{t('withdraw.receive')}</dt>
          <dd data-testid="withdraw-receive">
            {n.exact(receive)} {c}
          </dd>
        </div>
      </dl>
      {!quota.verified && (
        <Link
          className="note withdraw-terms__kyc"
          to="/pages/mine/real_authentication"
          data-testid="kyc-hint"
        >
          <Icon name="shield" size={16} />
          <span>{t('withdraw.kycHint')}</span>
        </Link>
      )}
    </div>
  );
}
