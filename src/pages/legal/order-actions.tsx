import type { LegalOrder } from '../../../domain/legal';
import { useTranslation } from '../../i18n/use-translation';
import { AppealDialog, CancelDialog, PayDialog, ReleaseDialog } from './order-action-dialogs';
import { useOrderActions, type OrderAction } from './use-order-actions';

/** Props of {@link OrderActions}. */
export interface OrderActionsProps {
  order: LegalOrder;
  /** Cancels left today (shown before a buyer cancels). */
  cancelsLeft: number | null;
  /** The payment window is over (the server cancels the order; paying is refused). */
  expired: boolean;
  onChanged(order: LegalOrder): void;
}

/** What the caller may do now, each behind a confirmation: pay, release, cancel, rights protection. */
export function OrderActions({ order, cancelsLeft, expired, onChanged }: OrderActionsProps) {
  const { t } = useTranslation(['legal', 'common']);
  const a = useOrderActions(order, onChanged);
  const buyer = order.role === 'buyer';

  const buttons: Array<[OrderAction, string, string]> = [];
  if (buyer && order.status === 'pending' && !expired) buttons.push(['pay', t('order.pay'), 'btn--primary']);
  if (!buyer && (order.status === 'paid' || order.status === 'appeal'))
    buttons.push(['release', t('order.release'), 'btn--primary']);
  if (order.status === 'paid') buttons.push(['appeal', t('order.appeal'), 'btn--secondary']);
  if (buyer && order.status === 'pending') buttons.push(['cancel', t('order.cancel'), 'btn--ghost']);
  if (buttons.length === 0) return null;

  return (
    <div className="legal-actions">
      {buttons.map(([k, label, cls]) => (
        <button
          key={k}
          type="button"
          className={`btn ${cls} btn--block`}
          onClick={() => a.show(k)}
          data-testid={`order-${k}`}
        >
          {label}
        </button>
      ))}
      <PayDialog order={order} a={a} />
      <ReleaseDialog order={order} a={a} />
      <CancelDialog a={a} cancelsLeft={cancelsLeft} />
      <AppealDialog a={a} />
    </div>
  );
}
