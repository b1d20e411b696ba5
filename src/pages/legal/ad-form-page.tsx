import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { ErrorKey } from '../../../domain/errors';
import { FIAT_PAYMENT_KINDS, type AdSide, type LegalAd, type LegalConfig } from '../../../domain/legal';
import { BCP47 } from '../../../domain/locale';
import { Screen } from '../../components/screen';
import { toast } from '../../components/toast';
import { useCore, usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { SubmitButton } from '../../forms/submit-button';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { defaultCurrency } from './legal-format';
import { ReadState } from './read-state';
import { useLegalRead } from './use-legal';

const NONE: Empty = {};
type Field = 'price' | 'min' | 'max' | 'total' | 'autoCancelMin';

function AdForm({ terms, ad }: { terms: LegalConfig; ad: LegalAd | null }) {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  const call = useCall();
  const { core } = useCore();
  const navigate = useNavigate();
  const locale = BCP47[lang];
  const [side, setSide] = useState<AdSide>(ad?.side ?? 'sell');
  const [coin, setCoin] = useState(ad?.coin ?? terms.coins[0]?.coin ?? 'USDT');
  const [currency, setCurrency] = useState(ad?.currency ?? defaultCurrency(terms, lang));
  const [values, setValues] = useState<Record<Field, string>>({
    price: ad?.price ?? '',
    min: ad?.min ?? '',
    max: ad?.max ?? '',
    total: ad?.total ?? '',
    autoCancelMin: String(ad?.autoCancelMin ?? 0),
  });
  const [methods, setMethods] = useState<string[]>(ad?.methods ?? ['bank']);
  const [errors, setErrors] = useState<Partial<Record<Field | 'methods', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // The worker reads the numbers in the language's format and applies the store rule (spec §5).
    const checked = await core.legalParse(values, locale);
    const parsed = checked.values as Record<Field, string | null>;
    const problems: Partial<Record<Field | 'methods', string>> = {};
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

  const input = (k: Field, label: string) => (
    <div className={`field${errors[k] ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={`ad-${k}`}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={`ad-${k}`}
          className="field__input mono"
          inputMode={k === 'autoCancelMin' ? 'numeric' : 'decimal'}
          value={values[k]}
          onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          data-testid={`ad-${k}`}
        />
      </div>
      {errors[k] && (
        <p className="field__error" role="alert" data-field={k}>
          {errors[k]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="ad-form"
    >
      <span className="field__label">{t('adForm.side')}</span>
      <div className="segmented" role="radiogroup">
        {(['sell', 'buy'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={side === k}
            disabled={ad !== null}
            className={`segmented__item${side === k ? ' segmented__item--active' : ''}`}
            onClick={() => setSide(k)}
            data-testid={`ad-side-${k}`}
          >
            {t(k === 'sell' ? 'adForm.sideSell' : 'adForm.sideBuy')}
          </button>
        ))}
      </div>
      <div className="legal-row2">
        <label className="select-field">
          <span className="select-field__label">{t('hall.coin')}</span>
          <select
            className="select-field__control"
            value={coin}
            disabled={ad !== null}
            onChange={(e) => setCoin(e.target.value)}
          >
            {terms.coins.map((c) => (
              <option key={c.coin}>{c.coin}</option>
            ))}
          </select>
        </label>
        <label className="select-field">
          <span className="select-field__label">{t('hall.currency')}</span>
          <select
            className="select-field__control"
            value={currency}
            disabled={ad !== null}
            onChange={(e) => setCurrency(e.target.value)}
            data-testid="ad-currency"
          >
            {terms.currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
      {input('price', t('adForm.price', { currency }))}
      <div className="legal-row2">
        {input('min', t('adForm.min', { currency }))}
        {input('max', t('adForm.max', { currency }))}
      </div>
      {input('total', t('adForm.total', { coin }))}
      <fieldset className={`check legal-checks${errors.methods ? ' check--error' : ''}`}>
        <legend className="field__label">{t('adForm.methods')}</legend>
        {FIAT_PAYMENT_KINDS.map((k) => (
          <label key={k} className="check__label">
            <input
              type="checkbox"
              className="check__box"
              checked={methods.includes(k)}
              onChange={(e) => setMethods((m) => (e.target.checked ? [...m, k] : m.filter((x) => x !== k)))}
              data-testid={`ad-method-${k}`}
            />
            {t(`methods.kind.${k}`)}
          </label>
        ))}
        {errors.methods && (
          <p className="field__error" role="alert">
            {errors.methods}
          </p>
        )}
      </fieldset>
      {input('autoCancelMin', t('adForm.autoCancel'))}
      {side === 'sell' && values.total.trim() !== '' && (
        <p className="note">{t('adForm.freezeNote', { qty: values.total.trim(), coin })}</p>
      )}
      <SubmitButton busy={busy}>{ad ? t('adForm.saveEdit') : t('adForm.save')}</SubmitButton>
    </form>
  );
}

function AdFormBody({ id }: { id: string }) {
  const config = useLegalRead('legal/config', NONE);
  const ad = useLegalRead('legal/ad', { id }, id !== '');
  if (!config.data) return <ReadState read={config}>{null}</ReadState>;
  if (id && !ad.data) return <ReadState read={ad}>{null}</ReadState>;
  return <AdForm key={id} terms={config.data} ad={id ? ad.data : null} />;
}

/** /pages/legal/storeDetail[?id=…]: publish an ad, or edit one of the merchant's own. */
export function StoreDetailPage() {
  const { t } = useTranslation('legal');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Screen backTo="/pages/legal/store" title={id ? t('adForm.titleEdit', { id }) : t('adForm.titleNew')}>
      <RequireUser>{() => <AdFormBody id={id} />}</RequireUser>
    </Screen>
  );
}
