import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { PairInfo } from '../../../domain/market';
import type { OrderSide, OrderType } from '../../../domain/spot';
import { PasswordField } from '../../forms/password-field';
import type { Problems } from '../../forms/rules-resolver';
import { TextField } from '../../forms/text-field';
import { readAmount } from '../../i18n/numbers';
import { PercentButtons } from './percent-buttons';

/** What the order form holds, as typed. */
export interface OrderValues {
  price: string;
  qty: string;
  amount: string;
  tradePassword: string;
}

/** How the order form reads numbers: the reader's locale and the decimals each field allows. */
export interface OrderNumberRules {
  /** BCP-47 locale whose decimal separator the fields accept (`1,5` in id). */
  locale: string;
  /** Fraction digits allowed: the tick's for the price, the lot's for the quantity, the quote coin's for a market-buy amount. */
  decimals: { price: number; qty: number; amount: number };
}

/**
 * The checks made before asking the server: presence, number format in the reader's locale and
 * the decimals each field allows (issue 10: refused inline, never cut). The grid, minimum value
 * and balance are the server's to judge, and its answer lands on the same fields.
 */
export function orderProblems(
  v: OrderValues,
  side: OrderSide,
  type: OrderType,
  tradePasswordRequired: boolean,
  rules: OrderNumberRules,
): Problems<OrderValues> {
  const out: Problems<OrderValues> = {};
  const check = (field: 'price' | 'qty' | 'amount') => {
    const read = readAmount(v[field], rules.locale, rules.decimals[field]);
    if ('problem' in read) out[field] = read.problem;
  };
  if (type === 'limit') check('price');
  if (type === 'market' && side === 'buy') check('amount');
  else check('qty');
  if (tradePasswordRequired && !v.tradePassword) out.tradePassword = 'required';
  return out;
}

/** Props of {@link OrderInputs}. */
export interface OrderInputsProps {
  form: UseFormReturn<OrderValues>;
  pair: PairInfo;
  side: OrderSide;
  type: OrderType;
  tradePasswordRequired: boolean;
  percentDisabled: boolean;
  onPercent(pct: number): void;
  /** Any edit: a form-level error no longer applies. */
  onEdit(): void;
}

/** Price (or "market price"), quantity or amount, the percentage shortcuts and the trade password. */
export function OrderInputs(props: OrderInputsProps) {
  const { form, pair, side, type } = props;
  const { t } = useTranslation('trade');
  const { register, formState } = form;
  const { errors } = formState;
  const onChange = { onChange: props.onEdit };
  const unit = (coin: string) => <span className="order-field__unit">{coin}</span>;
  const marketBuy = type === 'market' && side === 'buy';
  return (
    <div className="order-inputs">
      {type === 'limit' ? (
        <TextField
          label={t('form.price')}
          registration={register('price', onChange)}
          error={errors.price}
          inputMode="decimal"
          autoComplete="off"
          end={unit(pair.quote)}
          data-testid="price-input"
        />
      ) : (
        <div className="field">
          <span className="field__label">{t('form.price')}</span>
          <div className="field__control field__control--static">{t('form.marketPrice')}</div>
        </div>
      )}
      {marketBuy ? (
        <TextField
          label={t('form.amount')}
          registration={register('amount', onChange)}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          end={unit(pair.quote)}
          data-testid="amount-input"
        />
      ) : (
        <TextField
          label={t('form.qty')}
          registration={register('qty', onChange)}
          error={errors.qty}
          inputMode="decimal"
          autoComplete="off"
          end={unit(pair.base)}
          data-testid="qty-input"
        />
      )}
      <PercentButtons disabled={props.percentDisabled} onPick={props.onPercent} />
      {props.tradePasswordRequired && (
        <PasswordField
          label={t('form.tradePassword')}
          registration={register('tradePassword', onChange)}
          error={errors.tradePassword}
          autoComplete="off"
        />
      )}
    </div>
  );
}
