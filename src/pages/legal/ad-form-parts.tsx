import { FIAT_PAYMENT_KINDS, type LegalConfig } from '../../../domain/legal';
import { useTranslation } from '../../i18n/use-translation';
import type { AdField, AdFormState } from './use-ad-form';

/** Props of each part: the form's state (and, for some, what it needs beside it). */
interface PartProps {
  form: AdFormState;
}

/** Sell or buy; fixed once the ad exists. */
export function AdSideTabs({ form, locked }: PartProps & { locked: boolean }) {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <>
      <span className="field__label">{t('adForm.side')}</span>
      <div className="segmented" role="radiogroup">
        {(['sell', 'buy'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={form.side === k}
            disabled={locked}
            className={`segmented__item${form.side === k ? ' segmented__item--active' : ''}`}
            onClick={() => form.setSide(k)}
            data-testid={`ad-side-${k}`}
          >
            {t(k === 'sell' ? 'adForm.sideSell' : 'adForm.sideBuy')}
          </button>
        ))}
      </div>
    </>
  );
}

/** The coin and the fiat currency of the ad; fixed once the ad exists. */
export function AdMarketSelects({
  form,
  terms,
  locked,
}: PartProps & { terms: LegalConfig; locked: boolean }) {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <div className="legal-row2">
      <label className="select-field">
        <span className="select-field__label">{t('hall.coin')}</span>
        <select
          className="select-field__control"
          value={form.coin}
          disabled={locked}
          onChange={(e) => form.setCoin(e.target.value)}
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
          value={form.currency}
          disabled={locked}
          onChange={(e) => form.setCurrency(e.target.value)}
          data-testid="ad-currency"
        >
          {terms.currencies.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** One number of the ad, with its problem. */
export function AdInput({ form, field: k, label }: PartProps & { field: AdField; label: string }) {
  const error = form.errors[k];
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={`ad-${k}`}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={`ad-${k}`}
          className="field__input mono"
          inputMode={k === 'autoCancelMin' ? 'numeric' : 'decimal'}
          value={form.values[k]}
          onChange={(e) => form.edit(k, e.target.value)}
          data-testid={`ad-${k}`}
        />
      </div>
      {error && (
        <p className="field__error" role="alert" data-field={k}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The payment kinds the ad accepts, at least one. */
export function AdMethodChecks({ form }: PartProps) {
  const { t } = useTranslation(['legal', 'common']);
  const { errors } = form;
  return (
    <fieldset className={`check legal-checks${errors.methods ? ' check--error' : ''}`}>
      <legend className="field__label">{t('adForm.methods')}</legend>
      {FIAT_PAYMENT_KINDS.map((k) => (
        <label key={k} className="check__label">
          <input
            type="checkbox"
            className="check__box"
            checked={form.methods.includes(k)}
            onChange={(e) => form.toggleMethod(k, e.target.checked)}
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
  );
}
