import { useTranslation } from '../../i18n/use-translation';
import type { TransferReq } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import { SummaryDialog } from '../../components/summary-dialog';
import { useNumbers } from '../../i18n/use-numbers';

/** A checked transfer about to be sent: accounts are known names, the amount already floored. */
export interface CheckedTransfer extends TransferReq {
  from: AccountType;
  to: AccountType;
}

/** The last look before money moves between accounts: the amount digit for digit, as it is sent. */
export function TransferConfirmDialog({
  transfer,
  busy,
  onConfirm,
  onCancel,
}: {
  /** Null when closed. */
  transfer: CheckedTransfer | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  const rows: [string, string, string][] = transfer
    ? [
        [t('fields.from'), t(`accounts.${transfer.from}`), 'from'],
        [t('fields.to'), t(`accounts.${transfer.to}`), 'to'],
        [t('fields.amount'), `${n.digits(transfer.amount)} ${transfer.coin}`, 'amount'],
        ...(transfer.remark
          ? [[t('transfer.remark'), transfer.remark, 'remark'] as [string, string, string]]
          : []),
      ]
    : [];
  return (
    <SummaryDialog
      open={transfer !== null}
      title={t('transfer.confirmTitle')}
      rows={rows}
      confirmLabel={t('transfer.confirm')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="confirm-transfer"
    />
  );
}
