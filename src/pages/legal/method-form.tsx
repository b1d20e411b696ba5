import { PAYMENT_KINDS, type PaymentMethod } from '../../../domain/legal';
import { LEGAL_TEXT_MAX } from '../../../domain/legal-rules';
import { useUser } from '../../core/contexts';
import { SubmitButton } from '../../forms/submit-button';
import { useTranslation } from '../../i18n/use-translation';
import { LegalImage } from './legal-image';
import { LegalPhotoPicker } from './legal-photo-picker';
import { useMethodForm, type MethodField, type MethodFormState } from './use-method-form';

/** Adding or editing one payment method; the image is compressed on the device before upload. */
export function MethodForm({ editing, onDone }: { editing: PaymentMethod | null; onDone(): void }) {
  const { t } = useTranslation(['legal', 'common']);
  const form = useMethodForm(editing, onDone);
  const { kind, upload } = form;
  return (
    <form
      className="form card"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
      data-testid="method-form"
    >
      <div className="legal-filters legal-filters--scroll" role="radiogroup">
        {PAYMENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            disabled={editing !== null && editing.kind !== k}
            className={`legal-chip${kind === k ? ' legal-chip--active' : ''}`}
            onClick={() => form.setKind(k)}
            data-testid={`method-kind-${k}`}
          >
            {t(`methods.kind.${k}`)}
          </button>
        ))}
      </div>
      {form.fields.map((f) => (
        <MethodInput key={f} field={f} form={form} />
      ))}
      {kind !== 'bank' && <QrField form={form} />}
      <div className="button-row">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common:actions.cancel')}
        </button>
      </div>
      <SubmitButton
        busy={form.busy || upload.state.phase === 'compressing' || upload.state.phase === 'uploading'}
        needsNetwork
      >
        {t('common:actions.save')}
      </SubmitButton>
    </form>
  );
}

/** One typed field of the method, with its problem; a verified user's real name is noted as such. */
function MethodInput({ field: f, form }: { field: MethodField; form: MethodFormState }) {
  const { t } = useTranslation(['legal', 'common']);
  const { user } = useUser();
  const { kind, errors } = form;
  return (
    <div className={`field${errors[f] ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={`m-${f}`}>
        {t(f === 'account' && (kind === 'trc20' || kind === 'erc20') ? 'methods.address' : `methods.${f}`)}
      </label>
      <div className="field__control">
        <input
          id={`m-${f}`}
          className={`field__input${f === 'cardNumber' ? ' mono' : ''}`}
          inputMode={f === 'cardNumber' ? 'numeric' : 'text'}
          maxLength={f === 'cardNumber' ? 23 : LEGAL_TEXT_MAX}
          value={form.values[f]}
          onChange={(e) => form.edit(f, e.target.value)}
          data-testid={`m-${f}`}
        />
      </div>
      {f === 'realName' && user?.kyc === 'verified' && <p className="note">{t('methods.verifiedName')}</p>}
      {errors[f] && (
        <p className="field__error" role="alert" data-field={f}>
          {errors[f]}
        </p>
      )}
    </div>
  );
}

/** The payment code image: the saved one from the server, and a compact picker for a new one. */
function QrField({ form }: { form: MethodFormState }) {
  const { t } = useTranslation(['legal', 'common']);
  const { qrId, errors, upload } = form;
  return (
    <div className={`field${errors.qrId ? ' field--error' : ''}`}>
      <span className="field__label">{t('methods.qr')}</span>
      {qrId && <LegalImage id={qrId} alt={t('methods.qr')} />}
      <LegalPhotoPicker upload={upload} label={t('methods.qrHint')} fileTestId="qr-file" />
      {errors.qrId && (
        <p className="field__error" role="alert" data-field="qrId">
          {errors.qrId}
        </p>
      )}
    </div>
  );
}
