import { useTranslation } from '../../../i18n/use-translation';
import type { BankDepositStatus } from '../../../../domain/funding';

/** The state of a bank deposit as a coloured label. */
export function BankDepositStatusLabel({ status }: { status: BankDepositStatus }) {
  const { t } = useTranslation('assets');
  return (
    <span className={`funding-status funding-status--${status}`} data-testid="bank-deposit-status">
      {t(`order.status.${status}`)}
    </span>
  );
}
