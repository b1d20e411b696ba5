import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BCP47 } from '../../../domain/locale';
import type { LegalAd } from '../../../domain/legal';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import type { LegalQuote } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { useCatalogCoin } from '../../core/catalog-coins';
import { useCore, usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { numbersFor } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { fiatText } from './legal-format';
import { takeWording } from './order-wording';

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
  const { core } = useCore();
  const { lang } = usePrefs();
  const call = useCall();
  const navigate = useNavigate();
  const n = useNumbers();
  const coin = useCatalogCoin(ad?.coin ?? '');
  const [by, setBy] = useState<'amount' | 'qty'>('amount');
  const [text, setText] = useState('');
  const [quoted, setQuoted] = useState<{ key: string; quote: LegalQuote } | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const locale = BCP47[lang];
  // A plain decimal put back into the field in the language's own decimal separator.
  const typed = numbersFor(locale).input;

  // The worker converts exactly what is in the field now; an older answer is never shown.
  const key = ad ? [ad.id, ad.price, ad.remaining, by, text, locale, decimals].join('|') : '';
  const current = quoted !== null && quoted.key === key ? quoted.quote : null;
  useEffect(() => {
    if (!ad) return;
    let gone = false;
    const query = {
      price: ad.price,
      by,
      text,
      locale,
      coinDecimals: decimals,
      min: ad.min,
      max: ad.max,
      remaining: ad.remaining,
    };
    void core.legalQuote(query).then((q) => {
      if (!gone) setQuoted({ key, quote: q });
    });
    return () => {
      gone = true;
    };
  }, [core, ad, by, text, locale, decimals, key]);

  if (!ad)
    return (
      <Dialog open={false} actions={null} onDismiss={onClose}>
        {null}
      </Dialog>
    );

  const quote =
    current && current.qty !== null && current.amount !== null
      ? { qty: current.qty, amount: current.amount }
      : null;
  const value = current?.value ?? null;
  let problem: string | null = null;
  if (current?.problem === 'invalid') problem = t('take.invalid');
  else if (current?.problem === 'outside')
    problem = t('take.outside', {
      min: fiatText(ad.min, lang),
      max: fiatText(ad.max, lang),
      currency: ad.currency,
    });
  else if (current?.problem === 'beyond')
    // At the coin's display decimals, as the ad card shows what is left.
    problem = t('take.beyond', { qty: n.coin(ad.remaining, coin), coin: ad.coin });
  const ready = quote !== null && current?.problem === null;

  const place = async () => {
    if (!ready || value === null) return;
    setBusy(true);
    setServerError(null);
    const out = await call('legal/take', { adId: ad.id, by, value }, { fields: ['value'] });
    setBusy(false);
    if (out.ok) {
      onClose();
      void navigate(`/pages/legal/orderDetail?id=${out.data.id}`);
    } else if (out.intent === 'message') setServerError(out.message ?? null);
  };
  const switchBy = (next: 'amount' | 'qty') => {
    // Keep what the user means: the other unit of the current conversion carries over.
    if (quote && next !== by) setText(typed(next === 'qty' ? quote.qty : quote.amount));
    setBy(next);
  };
  const maxText = by === 'amount' ? ad.max : ad.remaining;
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
            disabled={!ready || busy}
            aria-busy={busy}
            onClick={() => void place()}
            data-testid="take-confirm"
          >
            {busy && <Spinner size={18} />}
            {t('take.confirm')}
          </button>
        </>
      }
    >
      <div className="segmented segmented--small" role="tablist">
        {(['amount', 'qty'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={by === k}
            className={`segmented__item${by === k ? ' segmented__item--active' : ''}`}
            onClick={() => switchBy(k)}
            data-testid={`take-by-${k}`}
          >
            {t(k === 'amount' ? 'take.byAmount' : 'take.byQty')}
          </button>
        ))}
      </div>
      <div className={`field${problem || serverError ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="take-value">
          {by === 'amount' ? t('take.amount', { currency: ad.currency }) : t('take.qty', { coin: ad.coin })}
        </label>
        <div className="field__control">
          <input
            id="take-value"
            className="field__input mono"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setServerError(null);
            }}
            data-testid="take-value"
          />
          <button type="button" className="btn btn--text btn--small" onClick={() => setText(typed(maxText))}>
            {t('take.all')}
          </button>
        </div>
        {(problem ?? serverError) && (
          <p className="field__error" role="alert" data-field="value">
            {problem ?? serverError}
          </p>
        )}
      </div>
      <TakeQuote ad={ad} side={side} quote={quote} />
      <p className="note" data-testid="take-window">
        {t(words.window, { min: paymentMinutes, count: paymentMinutes, coin: ad.coin })}
      </p>
    </Dialog>
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
