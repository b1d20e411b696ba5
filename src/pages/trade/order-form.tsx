import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import type { DataTime } from '../../core/use-private-read';
import { useUser } from '../../core/contexts';
import { errorMessage } from '../../i18n/i18n';
import { ConfirmOrderDialog } from './confirm-order-dialog';
import { OrderInputs } from './order-inputs';
import { OrderSummary } from './order-summary';
import { LoginToTrade } from './login-to-trade';
import { SideTabs, TypeTabs } from './side-tabs';
import { useOrderForm, type OrderFormInput } from './use-order-form';

/** Props of {@link OrderForm}. */
export interface OrderFormProps extends OrderFormInput {
  /** When the balances were current (dated while they come from the device or offline). */
  availableTime?: DataTime;
}

/**
 * The spot order form: side, type, inputs, exact preview, confirmation, placement. Memoized: the
 * book streams into the page several times a second and the form needs only its best prices.
 */
export const OrderForm = memo(function OrderForm(props: OrderFormProps) {
  const { pair, side, type, tradePasswordRequired } = props;
  const { t } = useTranslation(['trade', 'common']);
  const { user } = useUser();
  // Placing needs the server: offline the button says so instead of failing on tap.
  const online = useOnline();
  const o = useOrderForm(props);
  const { form, price, spend, preview, formError, busy } = o;

  return (
    <div className="order-form" data-testid="order-form">
      <SideTabs side={side} onChange={o.switchSide} />
      <TypeTabs type={type} onChange={o.switchType} />
      <form className="order-form__form" noValidate onSubmit={(e) => void o.review(e)}>
        <OrderInputs
          form={form}
          pair={pair}
          side={side}
          type={type}
          tradePasswordRequired={tradePasswordRequired && user !== null}
          percentDisabled={!user || spend === null || (type === 'limit' && side === 'buy' && !price)}
          onPercent={(pct) => void o.pickPercent(pct)}
          onEdit={o.clearFormError}
        />
        <OrderSummary
          available={user ? spend : null}
          availableCoin={side === 'buy' ? pair.quote : pair.base}
          totalCoin={pair.quote}
          coins={props.coins}
          preview={preview}
        />
        {user && <AsOf time={props.availableTime ?? null} testId="available-as-of" />}
        {formError && (
          <p className="field__error" role="alert" data-testid="order-error">
            {errorMessage(formError)}
          </p>
        )}
        {user ? (
          <button
            type="submit"
            className={`btn btn--block btn--${side}`}
            disabled={busy || pair.status !== 'trading' || !online}
            data-testid="submit-order"
            data-offline={!online || undefined}
          >
            {online
              ? t(side === 'buy' ? 'form.submitBuy' : 'form.submitSell', { coin: pair.base })
              : t('common:offline.needsNetwork')}
          </button>
        ) : (
          <LoginToTrade />
        )}
      </form>
      <ConfirmOrderDialog
        order={o.confirming}
        pair={pair}
        preview={preview}
        busy={busy}
        onConfirm={() => void o.confirm()}
        onCancel={o.cancel}
      />
    </div>
  );
});
