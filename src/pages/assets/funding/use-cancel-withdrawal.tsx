import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../components/toast';
import type { Withdrawal } from '../../../../domain/funding';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCall } from '../../../core/use-call';
import { useNumbers } from '../../../i18n/use-numbers';

/**
 * Cancelling a withdrawal in review, with a confirmation: `ask(w)` opens the question; on yes the
 * server unfreezes the amount and `onDone` gets the cancelled withdrawal. Render `dialog` once.
 */
export function useCancelWithdrawal(onDone: (w: Withdrawal) => void): {
  ask(w: Withdrawal): void;
  dialog: ReactNode;
} {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const n = useNumbers();
  const [asking, setAsking] = useState<Withdrawal | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    const out = await call('assets/withdrawCancel', { id: asking.id });
    setBusy(false);
    setAsking(null);
    if (!out.ok) return;
    toast.success(t('withdrawals.cancelled'));
    onDone(out.data);
  };

  const ask = useCallback((w: Withdrawal) => setAsking(w), []);
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      message={
        asking ? t('withdrawals.cancelAsk', { amount: n.exact(asking.amount), coin: asking.coin }) : ''
      }
      cancelLabel={t('common:actions.cancel')}
      confirmLabel={t('common:actions.confirm')}
      onCancel={() => setAsking(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask, dialog };
}
