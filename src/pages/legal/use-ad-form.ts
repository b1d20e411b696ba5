import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ErrorKey } from '../../../domain/errors';
import type { AdSide, LegalAd, LegalConfig } from '../../../domain/legal';
import { BCP47 } from '../../../domain/locale';
import { toast } from '../../components/toast';
import { useCore, usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { defaultCurrency } from '../../../domain/legal-hall';

/** A typed number of an ad. */
export type AdField = 'price' | 'min' | 'max' | 'total' | 'autoCancelMin';

/** The ad form's state and its steps, from {@link useAdForm}. */
export interface AdFormState {
  side: AdSide;
  setSide(side: AdSide): void;
  coin: string;
  setCoin(coin: string): void;
  currency: string;
  setCurrency(currency: string): void;
  /** The numbers as typed, in the language's format. */
  values: Record<AdField, string>;
  edit(field: AdField, value: string): void;
  /** The payment kinds accepted. */
  methods: string[];
  /** Adds (`on`) or takes away a payment kind. */
  toggleMethod(kind: string, on: boolean): void;
  /** Problems by field, already translated. */
  errors: Partial<Record<AdField | 'methods', string>>;
  busy: boolean;
  /** Checks the ad (numbers read by the worker, the store rule), saves it and goes to the shop. */
  submit(): Promise<void>;
}

/** State, checks and saving (`legal/adSave`) of an ad being published or edited (`ad`). */
export function useAdForm(terms: LegalConfig, ad: LegalAd | null): AdFormState {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  const call = useCall();
  const { core } = useCore();
  const navigate = useNavigate();
  const locale = BCP47[lang];
  const [side, setSide] = useState<AdSide>(ad?.side ?? 'sell');
  const [coin, setCoin] = useState(ad?.coin ?? terms.coins[0]?.coin ?? 'USDT');
  const [currency, setCurrency] = useState(ad?.currency ?? defaultCurrency(terms, lang));
  const [values, setValues] = useState<Record<AdField, string>>({
    price: ad?.price ?? '',
    min: ad?.min ?? '',
    max: ad?.max ?? '',
    total: ad?.total ?? '',
    autoCancelMin: String(ad?.autoCancelMin ?? 0),
  });
  const [methods, setMethods] = useState<string[]>(ad?.methods ?? ['bank']);
  const [errors, setErrors] = useState<Partial<Record<AdField | 'methods', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // The worker reads the numbers in the language's format and applies the store rule (spec §5).
    const checked = await core.legalParse(values, locale);
    const parsed = checked.values as Record<AdField, string | null>;
    const problems: Partial<Record<AdField | 'methods', string>> = {};
    for (const k of ['price', 'min', 'max', 'total'] as const) {
      if (parsed[k] === null) problems[k] = errorMessage(k === 'price' ? 'legalPriceFormat' : 'amountFormat');
    }
    if (!problems.min && !problems.max && checked.limits) problems.max = errorMessage(checked.limits);
    if (methods.length === 0) problems.methods = errorMessage('legalAdMethods');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const fields = ['price', 'min', 'max', 'total', 'methods', 'autoCancelMin', 'currency', 'coin'];
    const out = await call(
      'legal/adSave',
      {
        ...(ad && { id: ad.id }),
        side,
        coin,
        currency,
        price: parsed.price!,
        min: parsed.min!,
        max: parsed.max!,
        total: parsed.total!,
        methods: methods.join(','),
        autoCancelMin: parsed.autoCancelMin ?? values.autoCancelMin,
      },
      { fields },
    );
    setBusy(false);
    if (out.ok) {
      toast.success(t('adForm.saved'));
      void navigate('/pages/legal/store', { replace: true });
    } else if (out.intent === 'message' && out.field) {
      setErrors({ [out.field]: out.message ?? errorMessage((out.messageKey ?? 'badRequest') as ErrorKey) });
    }
  };

  return {
    side,
    setSide,
    coin,
    setCoin,
    currency,
    setCurrency,
    values,
    edit: (k, v) => setValues((p) => ({ ...p, [k]: v })),
    methods,
    toggleMethod: (k, on) => setMethods((m) => (on ? [...m, k] : m.filter((x) => x !== k))),
    errors,
    busy,
    submit,
  };
}
