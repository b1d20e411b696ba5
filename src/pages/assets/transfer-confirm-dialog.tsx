import { useTranslation } from 'react-i18next';
import type { TransferReq } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';

/** A checked transfer about to be sent: accounts are known names, the amount already floored. */
export interface CheckedTransfer extends TransferReq {
  from: AccountType;
  to: AccountType;
}

/** The last look before money moves between accounts. */
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
  const { t } = useTranslation(['assets', 'common']);
  const rows: [string, string, string][] = transfer
    ? [
        [t('fields.from'), t(`accounts.${transfer.from}`), 'from'],
        [t('fields.to'), t(`accounts.${transfer.to}`), 'to'],
        [t('fields.amount'), `${transfer.amount} ${transfer.coin}`, 'amount'],
        ...(transfer.remark
          ? [[t('transfer.remark'), transfer.remark, 'remark'] as [string, string, string]]
          : []),
      ]
    : [];
  return (
    <Dialog
      open={transfer !== null}
      title={t('transfer.confirmTitle')}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid="confirm-transfer"
          >
            {busy && <Spinner size={18} />}
            {t('transfer.confirm')}
          </button>
        </>
      }
    >
      <dl className="confirm-order">
        {rows.map(([label, value, id]) => (
          <div key={id} className="confirm-order__row">
            <dt>{label}</dt>
            <dd data-testid={`confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
