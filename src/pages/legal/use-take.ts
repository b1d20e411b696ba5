import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BCP47 } from '../../../domain/locale';
import type { LegalAd } from '../../../domain/legal';
import type { LegalQuote } from '../../../worker/core-api';
import { useCatalogCoin } from '../../core/catalog-coins';
import { useCore, usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { numbersFor } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { fiatText } from './legal-format';

/** What the taker types: a fiat amount or a coin quantity. */
export type TakeBy = 'amount' | 'qty';

/** The take form's state and its steps, from {@link useTake}. */
export interface TakeState {
  by: TakeBy;
  /** Switches the unit, carrying the current conversion over into the other one. */
  switchBy(next: TakeBy): void;
  /** What is typed, in the language's number format. */
  text: string;
  edit(text: string): void;
  /** Fills in the most the ad allows in the current unit. */
  fillAll(): void;
  /** The exact conversion of what is typed now; null until the field holds a valid value. */
  quote: { qty: string; amount: string } | null;
  /** The client's problem with what is typed (translated), or null. */
  problem: string | null;
  /** The server's refusal of the order (translated), or null. */
  serverError: string | null;
  /** A conversion without a problem is there: the order can be placed. */
  ready: boolean;
  busy: boolean;
  /** Places the order and opens it. */
  place(): Promise<void>;
}

/**
 * Taking `ad` by amount or by quantity: the worker converts exactly what is in the field now (the
 * server's own floored math; an older answer is never shown), the ad's limits are checked, and
 * `legal/take` places the order, which then opens. `ad` null: nothing is being taken.
 */
export function useTake(ad: LegalAd | null, decimals: number, onClose: () => void): TakeState {
  const { t } = useTranslation(['legal', 'common']);
  const { core } = useCore();
  const { lang } = usePrefs();
  const call = useCall();
  const navigate = useNavigate();
  const n = useNumbers();
  const coin = useCatalogCoin(ad?.coin ?? '');
  const [by, setBy] = useState<TakeBy>('amount');
  const [text, setText] = useState('');
  const [quoted, setQuoted] = useState<{ key: string; quote: LegalQuote } | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const locale = BCP47[lang];
  // A plain decimal put back into the field in the language's own decimal separator.
  const typed = numbersFor(locale).input;

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

  const quote =
    current && current.qty !== null && current.amount !== null
      ? { qty: current.qty, amount: current.amount }
      : null;
  const value = current?.value ?? null;
  let problem: string | null = null;
  if (current?.problem === 'invalid') problem = t('take.invalid');
  else if (ad && current?.problem === 'outside')
    problem = t('take.outside', {
      min: fiatText(ad.min, lang),
      max: fiatText(ad.max, lang),
      currency: ad.currency,
    });
  else if (ad && current?.problem === 'beyond')
    // At the coin's display decimals, as the ad card shows what is left.
    problem = t('take.beyond', { qty: n.coin(ad.remaining, coin), coin: ad.coin });
  const ready = quote !== null && current?.problem === null;

  const place = async () => {
    if (!ad || !ready || value === null) return;
    setBusy(true);
    setServerError(null);
    const out = await call('legal/take', { adId: ad.id, by, value }, { fields: ['value'] });
    setBusy(false);
    if (out.ok) {
      onClose();
      void navigate(`/pages/legal/orderDetail?id=${out.data.id}`);
    } else if (out.intent === 'message') setServerError(out.message ?? null);
  };

  return {
    by,
    switchBy: (next) => {
      // Keep what the user means: the other unit of the current conversion carries over.
      if (quote && next !== by) setText(typed(next === 'qty' ? quote.qty : quote.amount));
      setBy(next);
    },
    text,
    edit: (v) => {
      setText(v);
      setServerError(null);
    },
    fillAll: () => {
      if (ad) setText(typed(by === 'amount' ? ad.max : ad.remaining));
    },
    quote,
    problem,
    serverError,
    ready,
    busy,
    place,
  };
}
