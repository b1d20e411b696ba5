import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import type { SpotOrder } from '../../../domain/spot';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCall } from '../../core/use-call';
import { useNumbers } from '../../i18n/use-numbers';

/**
 * Cancelling with a confirmation: `ask(order)` opens the question; on yes the order is cancelled
 * and `onDone` gets the server's final state of it. Render `dialog` once in the page.
 */
export function useCancelOrder(onDone: (order: SpotOrder) => void): {
  ask(order: SpotOrder): void;
  dialog: ReactNode;
} {
  const { t } = useTranslation(['trade', 'common']);
  const call = useCall();
  const n = useNumbers();
  const [asking, setAsking] = useState<SpotOrder | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    const out = await call('trade/cancel', { orderId: asking.id });
    setBusy(false);
    setAsking(null);
    if (!out.ok) return;
    toast.success(t('orders.cancelled'));
    onDone(out.data);
  };

  const ask = useCallback((order: SpotOrder) => setAsking(order), []);
  const o = asking;
  const [base] = o ? o.symbol.split('/') : [''];
  const message = !o
    ? ''
    : o.price && o.qty
      ? t('orders.cancelAsk', {
          side: t(`side.${o.side}`),
          // The order's own strings are already at the lot and tick decimals: every digit is shown.
          qty: n.digits(o.qty),
          coin: base,
          price: n.digits(o.price),
        })
      : t('orders.cancelAskMarket', { side: t(`side.${o.side}`), coin: base });
  const dialog = (
    <ConfirmDialog
      open={o !== null}
      message={message}
      cancelLabel={t('common:actions.cancel')}
      confirmLabel={t('common:actions.confirm')}
      onCancel={() => setAsking(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask, dialog };
}
