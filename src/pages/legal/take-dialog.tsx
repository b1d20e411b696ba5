import type { LegalAd } from '../../../domain/legal';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { CoinAmount } from '../../components/coin-amount';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { fiatText } from './legal-format';
import { takeWording } from './order-wording';
import { useTake, type TakeBy, type TakeState } from './use-take';

/** Props of {@link TakeDialog}. */
export interface TakeDialogProps {
  ad: LegalAd | null;
  decimals: number;
  side: 'buy' | 'sell';
  paymentMinutes: number;
  onClose(): void;
}

/**
 * Taking an ad by amount or by quantity. The exact conversion (the worker runs the server's own
 * floored math) is shown before anything is sent; placing the order is the confirmation.
 */
export function TakeDialog({ ad, decimals, side, paymentMinutes, onClose }: TakeDialogProps) {
  const { t } = useTranslation(['legal', 'common']);
  const take = useTake(ad, decimals, onClose);
  const { busy } = take;

  if (!ad)
    return (
      <Dialog open={false} actions={null} onDismiss={onClose}>
        {null}
      </Dialog>
    );

  // The taker's own side: a seller sells "to" the merchant and does not pay (issue 29).
  const words = takeWording(side);
  return (
    <Dialog
      open
      title={t(words.title, { coin: ad.coin, merchant: ad.merchant.nickname })}
      onDismiss={() => !busy && onClose()}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${side === 'buy' ? 'btn--buy' : 'btn--sell'}`}
            disabled={!take.ready || busy}
            aria-busy={busy}
            onClick={() => void take.place()}
            data-testid="take-confirm"
          >
            {busy && <Spinner size={18} />}
            {t('take.confirm')}
          </button>
        </>
      }
    >
      <TakeByTabs by={take.by} onSwitch={take.switchBy} />
      <TakeValueField ad={ad} take={take} />
      <TakeQuote ad={ad} side={side} quote={take.quote} />
      <p className="note" data-testid="take-window">
        {t(words.window, { min: paymentMinutes, count: paymentMinutes, coin: ad.coin })}
      </p>
    </Dialog>
  );
}

/** By amount or by quantity. */
function TakeByTabs({ by, onSwitch }: { by: TakeBy; onSwitch(next: TakeBy): void }) {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <div className="segmented segmented--small" role="tablist">
      {(['amount', 'qty'] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={by === k}
          className={`segmented__item${by === k ? ' segmented__item--active' : ''}`}
          onClick={() => onSwitch(k)}
          data-testid={`take-by-${k}`}
        >
          {t(k === 'amount' ? 'take.byAmount' : 'take.byQty')}
        </button>
      ))}
    </div>
  );
}

/** The amount or quantity field, with "all" and the client's or the server's problem. */
function TakeValueField({ ad, take }: { ad: LegalAd; take: TakeState }) {
  const { t } = useTranslation(['legal', 'common']);
  const { problem, serverError } = take;
  return (
    <div className={`field${problem || serverError ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor="take-value">
        {take.by === 'amount'
          ? t('take.amount', { currency: ad.currency })
          : t('take.qty', { coin: ad.coin })}
      </label>
      <div className="field__control">
        <input
          id="take-value"
          className="field__input mono"
          inputMode="decimal"
          autoComplete="off"
          value={take.text}
          onChange={(e) => take.edit(e.target.value)}
          data-testid="take-value"
        />
        <button type="button" className="btn btn--text btn--small" onClick={take.fillAll}>
          {t('take.all')}
        </button>
      </div>
      {(problem ?? serverError) && (
        <p className="field__error" role="alert" data-field="value">
          {problem ?? serverError}
        </p>
      )}
    </div>
  );
}

/**
 * The conversion before the order is placed: the ad's price and what the taker pays or receives,
 * in fiat (2 decimals, with the currency), and the quantity at the coin's display decimals with the
 * exact value on tap, as the ad card and the order page show it. `quote` is null until the field
 * holds a valid value.
 */
export function TakeQuote({
  ad,
  side,
  quote,
}: {
  ad: LegalAd;
  side: 'buy' | 'sell';
  quote: { qty: string; amount: string } | null;
}) {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  return (
    <dl className="confirm-order summary-rows" data-testid="take-quote">
      <div className="confirm-order__row">
        <dt>{t('ad.price')}</dt>
        <dd className="mono">
          {fiatText(ad.price, lang)} {ad.currency}
        </dd>
      </div>
      <div className="confirm-order__row">
        <dt>{t(side === 'buy' ? 'take.youPay' : 'take.youReceive')}</dt>
        <dd className="mono" data-testid="quote-amount">
          {quote ? `${fiatText(quote.amount, lang)} ${ad.currency}` : '—'}
        </dd>
      </div>
      <div className="confirm-order__row">
        <dt>{t(side === 'buy' ? 'take.youGet' : 'take.youSell')}</dt>
        <dd className="mono" data-testid="quote-qty">
          <CoinAmount value={quote?.qty} coin={ad.coin} />
        </dd>
      </div>
    </dl>
  );
}
