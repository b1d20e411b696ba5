import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { parseListing } from '../../../domain/listing-rules';
import { LISTING_CHAINS, LISTING_LIMITS, type ListingReq } from '../../../domain/listing-types';
import type { ErrorKey } from '../../../domain/errors';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { SubmitButton } from '../../forms/submit-button';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

type Field = keyof ListingReq;
const EMPTY: Record<Field, string> = {
  project: '',
  symbol: '',
  chain: 'ERC20',
  contract: '',
  website: 'https://',
  contact: '',
  description: '',
};

function Input({
  field,
  label,
  value,
  error,
  onChange,
  multiline,
  maxLength,
  placeholder,
}: {
  field: Field;
  label: string;
  value: string;
  error: ErrorKey | undefined;
  onChange(v: string): void;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
}) {
  const id = useId();
  const common = {
    id,
    className: 'field__input',
    value,
    maxLength,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'data-testid': `listing-${field}`,
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {multiline ? (
          <textarea
            {...common}
            rows={4}
            className="field__input listing__textarea"
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input {...common} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
        )}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert" data-field={field}>
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}

/** The coin-listing application form: checked here with the server's rules, then sent. */
export function ListingForm({ onSent }: { onSent(): void }) {
  const { t } = useTranslation(['content', 'common']);
  const call = useCall();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setErrors((old) => ({ ...old, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseListing(values);
    if (!('ok' in parsed)) {
      setErrors({ [parsed.field]: parsed.key });
      return;
    }
    setBusy(true);
    const fields = Object.keys(EMPTY);
    const out = await call('listing/apply', parsed.ok, { fields });
    setBusy(false);
    if (out.ok) {
      toast.success(t('listing.sent'));
      setValues(EMPTY);
      onSent();
    } else if (out.field && fields.includes(out.field) && out.messageKey) {
      setErrors({ [out.field]: out.messageKey });
    }
  };

  const text = (f: Field, extra: { multiline?: boolean; maxLength?: number; placeholder?: string } = {}) => (
    <Input
      field={f}
      label={t(`listing.field.${f}`)}
      value={values[f]}
      error={errors[f]}
      onChange={set(f)}
      {...extra}
    />
  );
  const chainId = useId();
  return (
    <form
      className="card listing-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="listing-form"
    >
      {text('project', { maxLength: LISTING_LIMITS.project })}
      {text('symbol', { maxLength: 12, placeholder: 'ABC' })}
      <div className="field">
        <label className="field__label" htmlFor={chainId}>
          {t('listing.field.chain')}
        </label>
        <div className="field__control">
          <select
            id={chainId}
            className="field__input"
            value={values.chain}
            onChange={(e) => set('chain')(e.target.value)}
            data-testid="listing-chain"
          >
            {LISTING_CHAINS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        </div>
      </div>
      {text('contract', {
        placeholder: values.chain === 'TRC20' ? 'T…' : values.chain === 'SPL' ? '' : '0x…',
      })}
      {text('website', { maxLength: LISTING_LIMITS.website })}
      {text('contact', { maxLength: LISTING_LIMITS.contact })}
      {text('description', { multiline: true, maxLength: LISTING_LIMITS.description })}
      {/* An application goes to the server: offline the button is disabled and says so. */}
      <SubmitButton busy={busy} needsNetwork>
        {t('listing.submit')}
      </SubmitButton>
    </form>
  );
}
