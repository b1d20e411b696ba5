import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { AsOf } from '../../components/as-of';
import { toast } from '../../components/toast';
import { useOnline } from '../../components/use-online';
import type { DataTime } from '../../core/use-private-read';
import type { ErrorKey } from '../../../domain/errors';
import { priceDecimals, qtyDecimals } from '../../../domain/market';
import type { CoinInfo, PairInfo } from '../../../domain/market';
import type { OrderSide, OrderType, PlaceOrderReq, SpotOrder } from '../../../domain/spot';
import type { PreviewInput } from '../../../worker/core-api';
import { useCore, useUser } from '../../core/contexts';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import { errorMessage } from '../../i18n/i18n';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { ConfirmOrderDialog } from './confirm-order-dialog';
import { OrderInputs, orderProblems } from './order-inputs';
import type { OrderNumberRules, OrderValues } from './order-inputs';
import { OrderSummary } from './order-summary';
import { LoginToTrade } from './login-to-trade';
import { SideTabs, TypeTabs } from './side-tabs';
import { useOrderPreview } from './use-order-preview';
import { usePlaceOrder } from './use-place-order';

/** Failures without a field that the form still shows next to the button (spec §8 texts). */
const FORM_LEVEL: readonly ErrorKey[] = ['insufficientBalance', 'noOptimalPrice', 'marketClosed'];

/** Props of {@link OrderForm}. */
export interface OrderFormProps {
  pair: PairInfo;
  /** The catalog's coins: decimals of a market-buy amount, balances at their display decimals. */
  coins: readonly CoinInfo[];
  side: OrderSide;
  onSide(side: OrderSide): void;
  type: OrderType;
  onType(type: OrderType): void;
  tradePasswordRequired: boolean;
  /** Available spot balances of the quote (buys spend it) and base (sells spend it). */
  available: { quote: string | null; base: string | null };
  /** When the balances were current (dated while they come from the device or offline). */
  availableTime?: DataTime;
  /** Best prices of the book, the reference for market order estimates. */
  bestBid: string | null;
  bestAsk: string | null;
  /** A price tapped in the order book; `n` changes on every tap. */
  picked: { price: string; n: number } | null;
  onPlaced(order: SpotOrder): void;
}

const EMPTY: OrderValues = { price: '', qty: '', amount: '', tradePassword: '' };

/**
 * The spot order form: side, type, inputs, exact preview, confirmation, placement. Memoized: the
 * book streams into the page several times a second and the form needs only its best prices.
 */
export const OrderForm = memo(function OrderForm(props: OrderFormProps) {
  const { pair, side, type, tradePasswordRequired, available, picked } = props;
  const { t } = useTranslation(['trade', 'common']);
  const { core } = useCore();
  const { user } = useUser();
  const [confirming, setConfirming] = useState<PlaceOrderReq | null>(null);
  const [formError, setFormError] = useState<ErrorKey | null>(null);
  const { busy, place } = usePlaceOrder();
  // Placing needs the server: offline the button says so instead of failing on tap.
  const online = useOnline();
  const n = useNumbers();
  const rules: OrderNumberRules = {
    locale: n.locale,
    decimals: {
      price: priceDecimals(pair),
      qty: qtyDecimals(pair),
      // A market buy spends quote: at most the quote coin's decimals (the ledger's 8 if unknown).
      amount: Math.min(8, coinOf(props.coins, pair.quote)?.decimals ?? 8),
    },
  };

  const form = useForm<OrderValues>({
    defaultValues: EMPTY,
    resolver: rulesResolver((v) => orderProblems(v, side, type, tradePasswordRequired, rules)),
  });
  const { setValue, setError, clearErrors, reset, handleSubmit, control } = form;
  const [price, qty, amount] = useWatch({ control, name: ['price', 'qty', 'amount'] });

  // A new market has another price grid: start with an empty form. Not on mount, where the form is
  // empty already (a reset there was one more blocking render of the first paint).
  const formSymbol = useRef(pair.symbol);
  useEffect(() => {
    if (formSymbol.current === pair.symbol) return;
    formSymbol.current = pair.symbol;
    reset(EMPTY);
  }, [pair.symbol, reset]);

  // A price tapped in the book fills the price input.
  useEffect(() => {
    if (!picked) return;
    setValue('price', n.input(picked.price), { shouldDirty: true });
    clearErrors('price');
  }, [picked, setValue, clearErrors, n]);

  const spend = side === 'buy' ? available.quote : available.base;
  const refPrice = side === 'buy' ? props.bestAsk : props.bestBid;
  // The worker reads wire decimals: what the user typed in their locale, or nothing.
  const previewInput = useMemo<PreviewInput>(
    () => ({
      pair,
      side,
      type,
      price: n.parse(price) ?? '',
      qty: n.parse(qty) ?? '',
      amount: n.parse(amount) ?? '',
      refPrice,
    }),
    [pair, side, type, price, qty, amount, refPrice, n],
  );
  const preview = useOrderPreview(previewInput);
  const marketBuy = type === 'market' && side === 'buy';

  const pickPercent = async (pct: number) => {
    const p = await core.previewOrder({ ...previewInput, available: spend, percent: pct });
    if (!p.fill) return;
    const field = marketBuy ? 'amount' : 'qty';
    setValue(field, n.input(p.fill), { shouldDirty: true });
    clearErrors(field);
    setFormError(null);
  };

  const review = handleSubmit((v) => {
    setFormError(null);
    const req: PlaceOrderReq = { symbol: pair.symbol, side, type };
    // The resolver has read each field already; these are the wire values it accepted.
    const wire = (text: string) => n.parse(text) ?? text.trim();
    if (type === 'limit') req.price = wire(v.price);
    if (marketBuy) req.amount = wire(v.amount);
    else req.qty = wire(v.qty);
    if (tradePasswordRequired) req.tradePassword = v.tradePassword;
    setConfirming(req);
  });

  const confirm = async () => {
    if (!confirming) return;
    const out = await place(confirming);
    if (!out) return;
    if (out.ok) {
      setConfirming(null);
      const o = out.data;
      const done = o.status === 'filled' ? 'confirm.filled' : o.avgPrice !== null ? 'confirm.partial' : null;
      toast.success(t(done ?? 'confirm.placed'));
      // Keep the price for the next order; the quantity was spent.
      setValue('qty', '');
      setValue('amount', '');
      setValue('tradePassword', '');
      props.onPlaced(o);
      return;
    }
    setConfirming(null);
    // Whatever was typed stays; the problem is shown where it belongs.
    if (!applyServerFieldError(out, setError)) {
      if (out.messageKey && FORM_LEVEL.includes(out.messageKey)) setFormError(out.messageKey);
    }
  };

  // Stable, so the memoized switches are not rendered again with every keystroke.
  const { onSide, onType } = props;
  const switchSide = useCallback(
    (next: OrderSide) => {
      onSide(next);
      clearErrors();
      setFormError(null);
    },
    [onSide, clearErrors],
  );
  const switchType = useCallback(
    (next: OrderType) => {
      onType(next);
      clearErrors();
      setFormError(null);
    },
    [onType, clearErrors],
  );

  return (
    <div className="order-form" data-testid="order-form">
      <SideTabs side={side} onChange={switchSide} />
      <TypeTabs type={type} onChange={switchType} />
      <form className="order-form__form" noValidate onSubmit={(e) => void review(e)}>
        <OrderInputs
          form={form}
          pair={pair}
          side={side}
          type={type}
          tradePasswordRequired={tradePasswordRequired && user !== null}
          percentDisabled={!user || spend === null || (type === 'limit' && side === 'buy' && !price)}
          onPercent={(pct) => void pickPercent(pct)}
          onEdit={() => setFormError(null)}
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
        order={confirming}
        pair={pair}
        preview={preview}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
});
