import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CoinInfo } from '../../../domain/market';
import type { OrderPreview } from '../../../worker/core-api';
import { Amount } from '../../components/amount';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { NONE } from './trade-format';

/**
 * Available balance, total and the most the fee can be, as the worker computed them. Memoized: the
 * form renders again for every keystroke, this only for a new preview or balance.
 */
export const OrderSummary = memo(function OrderSummary({
  available,
  availableCoin,
  totalCoin,
  coins,
  preview,
}: {
  available: string | null;
  availableCoin: string;
  totalCoin: string;
  /** The catalog's coins: balances are shown at their display decimals. */
  coins: readonly CoinInfo[];
  preview: OrderPreview | null;
}) {
  const { t } = useTranslation('trade');
  const n = useNumbers();
  const approx = preview?.estimated ? '≈ ' : '';
  return (
    <dl className="order-summary">
      <div className="order-summary__row">
        <dt>{t('form.available')}</dt>
        <dd data-testid="available">
          {available === null ? (
            `${NONE} ${availableCoin}`
          ) : (
            <Amount value={available} coin={coinOf(coins, availableCoin)} unit={availableCoin} />
          )}
        </dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('form.total')}</dt>
        <dd data-testid="preview-total">
          {preview?.total ? (
            <>
              {approx}
              <Amount value={preview.total} coin={coinOf(coins, totalCoin)} unit={totalCoin} />
            </>
          ) : (
            NONE
          )}
        </dd>
      </div>
      <div className="order-summary__row">
        <dt>{t('form.fee')}</dt>
        <dd data-testid="preview-fee">
          {/* A fee is small: shown with every digit it has, so it never reads as zero. */}
          {preview?.fee ? `${approx}${n.exact(preview.fee)} ${preview.feeCoin}` : NONE}
        </dd>
      </div>
    </dl>
  );
});
