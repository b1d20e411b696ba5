import { useTranslation } from 'react-i18next';
import type { PairInfo } from '../../../domain/market';
import type { PlaceOrderReq } from '../../../domain/spot';
import type { OrderPreview } from '../../../worker/core-api';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { NONE } from './trade-format';

/** Props of {@link ConfirmOrderDialog}. */
export interface ConfirmOrderDialogProps {
  /** The order about to be sent; null when closed. */
  order: PlaceOrderReq | null;
  pair: PairInfo;
  preview: OrderPreview | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The last look before money moves: what, how much, the total and the most the fee can be. */
export function ConfirmOrderDialog({
  order,
  pair,
  preview,
  busy,
  onConfirm,
  onCancel,
}: ConfirmOrderDialogProps) {
  const { t } = useTranslation(['trade', 'common']);
  const approx = preview?.estimated ? '≈ ' : '';
  const rows: [string, string][] = order
    ? [
        [t('fields.pair'), pair.symbol],
        [t('fields.side'), `${t(`side.${order.side}`)} · ${t(`type.${order.type}`)}`],
        [t('fields.price'), order.type === 'limit' ? `${order.price} ${pair.quote}` : t('form.marketPrice')],
        order.amount
          ? [t('fields.amount'), `${order.amount} ${pair.quote}`]
          : [t('fields.qty'), `${order.qty ?? NONE} ${pair.base}`],
        [t('fields.total'), preview?.total ? `${approx}${preview.total} ${pair.quote}` : NONE],
        [t('form.fee'), preview?.fee ? `${approx}${preview.fee} ${preview.feeCoin}` : NONE],
      ]
    : [];
  return (
    <Dialog
      open={order !== null}
      title={t('confirm.title')}
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
            className={`btn btn--${order?.side ?? 'buy'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid="confirm-order"
          >
            {busy && <Spinner size={18} />}
            {t('confirm.place')}
          </button>
        </>
      }
    >
      <dl className="confirm-order">
        {rows.map(([label, value]) => (
          <div key={label} className="confirm-order__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {preview?.estimated && <p className="note">{t('form.estimated')}</p>}
      <p className="note">{t('confirm.frozen')}</p>
    </Dialog>
  );
}
