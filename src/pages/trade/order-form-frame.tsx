import { useTranslation } from '../../i18n/use-translation';
import type { OrderSide, OrderType } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { OrderSummary } from './order-summary';
import { PercentButtons } from './percent-buttons';
import { LoginToTrade } from './login-to-trade';
import { SideTabs, TypeTabs } from './side-tabs';

/** Props of {@link OrderFormFrame}. */
export interface OrderFormFrameProps {
  /** The market's coins, read from its symbol (`BTC/USDT`) while its rules are not known yet. */
  base: string;
  quote: string;
  side: OrderSide;
  onSide(side: OrderSide): void;
  type: OrderType;
  onType(type: OrderType): void;
}

const noPick = () => undefined;

/** An input box of the order form, empty and disabled until the market's rules are known. */
function FrameField({ label, unit }: { label: string; unit: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <div className="field__control">
        <input className="field__input" disabled aria-label={label} />
        <span className="order-field__unit">{unit}</span>
      </div>
    </div>
  );
}

/**
 * The order form while the market catalog loads on a first visit: the same boxes as the form, the
 * side and type switches already working, the inputs disabled, and the way to sign in (or the
 * disabled submit button). The page has its shape at once, and the form takes its place unmoved.
 */
export function OrderFormFrame({ base, quote, side, onSide, type, onType }: OrderFormFrameProps) {
  const { t } = useTranslation('trade');
  const { user } = useUser();
  const marketBuy = type === 'market' && side === 'buy';
  return (
    <div className="order-form" aria-busy="true" data-testid="order-form-frame">
      <SideTabs side={side} onChange={onSide} />
      <TypeTabs type={type} onChange={onType} />
      <div className="order-form__form">
        <div className="order-inputs">
          {type === 'limit' ? (
            <FrameField label={t('form.price')} unit={quote} />
          ) : (
            <div className="field">
              <span className="field__label">{t('form.price')}</span>
              <div className="field__control field__control--static">{t('form.marketPrice')}</div>
            </div>
          )}
          <FrameField label={t(marketBuy ? 'form.amount' : 'form.qty')} unit={marketBuy ? quote : base} />
          <PercentButtons disabled onPick={noPick} />
        </div>
        <OrderSummary
          available={null}
          availableCoin={side === 'buy' ? quote : base}
          totalCoin={quote}
          coins={[]}
          preview={null}
        />
        {user ? (
          <button type="button" className={`btn btn--block btn--${side}`} disabled>
            {t(side === 'buy' ? 'form.submitBuy' : 'form.submitSell', { coin: base })}
          </button>
        ) : (
          <LoginToTrade />
        )}
      </div>
    </div>
  );
}
