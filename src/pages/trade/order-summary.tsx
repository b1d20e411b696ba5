import { useTranslation } from '../../i18n/use-translation';
import type { OrderPreview } from '../../../worker/core-api';
import { NONE, trimZeros } from './trade-format';

/** Available balance, total and the most the fee can be, as the worker computed them. */
export function OrderSummary({
  available,
  availableCoin,
  totalCoin,
  preview,
}: {
  available: string | null;
  availableCoin: string;
  totalCoin: string;
  preview: OrderPreview | null;
}) {
  const { t } = useTranslation('trade');
  const approx = preview?.estimated ? '≈ ' : '';
  return (
    <dl className="order-summary">
      <div className="order-summary__row">
        <dt>{t('form.available')}</dt>
        <dd data-testid="available">
          {available === null ? NONE : trimZeros(available)} {availableCoin}
        </dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('form.total')}</dt>
        <dd data-testid="preview-total">
          {preview?.total ? `${approx}${preview.total} ${totalCoin}` : NONE}
        </dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('form.fee')}</dt>
        <dd data-testid="preview-fee">
          {preview?.fee ? `${approx}${preview.fee} ${preview.feeCoin}` : NONE}
        </dd>
      </div>
    </dl>
  );
}
