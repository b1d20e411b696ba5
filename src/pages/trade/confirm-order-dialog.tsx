import { useTranslation } from '../../i18n/use-translation';
import type { PairInfo } from '../../../domain/market';
import type { PlaceOrderReq } from '../../../domain/spot';
import type { OrderPreview } from '../../../worker/core-api';
import type { ReactNode } from 'react';
import { SummaryDialog } from '../../components/summary-dialog';
import { useNumbers } from '../../i18n/use-numbers';
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
  const { t } = useTranslation('trade');
  const n = useNumbers();
  const approx = preview?.estimated ? '≈ ' : '';
  // What is sent is shown digit for digit (the form already refused more decimals than allowed).
  const rows: [string, ReactNode][] = order
    ? [
        [t('fields.pair'), pair.symbol],
        [t('fields.side'), `${t(`side.${order.side}`)} · ${t(`type.${order.type}`)}`],
        [
          t('fields.price'),
          order.type === 'limit' ? `${n.digits(order.price)} ${pair.quote}` : t('form.marketPrice'),
        ],
        order.amount
          ? [t('fields.amount'), `${n.digits(order.amount)} ${pair.quote}`]
          : [t('fields.qty'), `${n.digits(order.qty)} ${pair.base}`],
        [t('fields.total'), preview?.total ? `${approx}${n.exact(preview.total)} ${pair.quote}` : NONE],
        [t('form.fee'), preview?.fee ? `${approx}${n.exact(preview.fee)} ${preview.feeCoin}` : NONE],
      ]
    : [];
  return (
    <SummaryDialog
      open={order !== null}
      title={t('confirm.title')}
      rows={rows}
      confirmLabel={t('confirm.place')}
      confirmClass={`btn--${order?.side ?? 'buy'}`}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="confirm-order"
    >
      {preview?.estimated && <p className="note">{t('form.estimated')}</p>}
      <p className="note">{t('confirm.frozen')}</p>
    </SummaryDialog>
  );
}
