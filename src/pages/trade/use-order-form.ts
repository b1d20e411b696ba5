import { useCallback, useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import type { ErrorKey } from '../../../domain/errors';
import { priceDecimals, qtyDecimals } from '../../../domain/market';
import type { CoinInfo, PairInfo } from '../../../domain/market';
import type { OrderSide, OrderType, PlaceOrderReq, SpotOrder } from '../../../domain/spot';
import type { OrderPreview, PreviewInput } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { orderProblems } from './order-inputs';
import type { OrderNumberRules, OrderValues } from './order-inputs';
import { useOrderPreview } from './use-order-preview';
import { usePlaceOrder } from './use-place-order';

/** Failures without a field that the form still shows next to the button (spec §8 texts). */
const FORM_LEVEL: readonly ErrorKey[] = ['insufficientBalance', 'noOptimalPrice', 'marketClosed'];

const EMPTY: OrderValues = { price: '', qty: '', amount: '', tradePassword: '' };

/** What {@link useOrderForm} needs from the form's props. */
export interface OrderFormInput {
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
  /** Best prices of the book, the reference for market order estimates. */
  bestBid: string | null;
  bestAsk: string | null;
  /** A price tapped in the order book; `n` changes on every tap. */
  picked: { price: string; n: number } | null;
  onPlaced(order: SpotOrder): void;
}

/** The order form's state and its steps, from {@link useOrderForm}. */
export interface OrderFormState {
  form: UseFormReturn<OrderValues>;
  /** The price as typed (a buy limit's percentages need it). */
  price: string;
  /** The balance the order spends (quote for a buy, base for a sell); null while unknown. */
  spend: string | null;
  /** The worker's exact preview of what is typed; null before its first answer. */
  preview: OrderPreview | null;
  /** A refusal without a field, shown next to the button. */
  formError: ErrorKey | null;
  clearFormError(): void;
  /** Fills in that share (%) of `spend`, as the worker computes it. */
  pickPercent(pct: number): Promise<void>;
  /** Checks the fields and opens the confirmation. */
  review(e?: BaseSyntheticEvent): Promise<void>;
  /** The order being confirmed, or null. */
  confirming: PlaceOrderReq | null;
  cancel(): void;
  busy: boolean;
  /** Places the confirmed order. */
  confirm(): Promise<void>;
  /** Stable: switch the side or type and clear the problems (the memoized tabs render once). */
  switchSide(next: OrderSide): void;
  switchType(next: OrderType): void;
}

/**
 * State, checks and placement of the spot order form: the inputs in the reader's locale with the
 * decimals each field allows, a price tapped in the book, the exact preview, the percentages of the
 * balance, the confirmation and the order (a retry reuses its client id, usePlaceOrder).
 */
export function useOrderForm(props: OrderFormInput): OrderFormState {
  const { pair, side, type, tradePasswordRequired, available } = props;
  const { t } = useTranslation(['trade', 'common']);
  const { core } = useCore();
  const [confirming, setConfirming] = useState<PlaceOrderReq | null>(null);
  const [formError, setFormError] = useState<ErrorKey | null>(null);
  const { busy, place } = usePlaceOrder();
  const n = useNumbers();
  const form = useOrderFields(props);
  const { setValue, setError, clearErrors, handleSubmit, control } = form;
  const [price, qty, amount] = useWatch({ control, name: ['price', 'qty', 'amount'] });

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

  return {
    form,
    price,
    spend,
    preview,
    formError,
    clearFormError: () => setFormError(null),
    pickPercent,
    review,
    confirming,
    cancel: () => setConfirming(null),
    busy,
    confirm,
    switchSide,
    switchType,
  };
}

/**
 * The form's fields, read in the reader's locale with the decimals each allows (the tick's, the
 * lot's, the quote coin's for a market buy): emptied for a new market, the price filled in by a tap
 * in the book.
 */
function useOrderFields(props: OrderFormInput): UseFormReturn<OrderValues> {
  const { pair, side, type, tradePasswordRequired, picked } = props;
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
  const { setValue, clearErrors, reset } = form;

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

  return form;
}
