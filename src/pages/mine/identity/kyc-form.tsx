import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { KYC_DOC_TYPES } from '../../../../domain/identity-rules';
import type { KycView } from '../../../../domain/identity-endpoints';
import { useCall } from '../../../core/use-call';
import { applyServerFieldError, errorText } from '../../../forms/field-errors';
import { rulesResolver } from '../../../forms/rules-resolver';
import { SubmitButton } from '../../../forms/submit-button';
import { TextField } from '../../../forms/text-field';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../components/toast';
import { useProofUpload } from '../../../core/use-proof-upload';
import { KycPhoto } from './kyc-photo';
import { kycProblems, PHOTO_FIELDS, type KycValues, type PhotoField } from './kyc-rules';

/** Server fields the form shows inline. */
const FIELDS = ['name', 'docType', 'idNumber', ...PHOTO_FIELDS] as const;

/** Props of {@link KycForm}. */
export interface KycFormProps {
  /** Called with the new state once the submission is accepted. */
  onSubmitted(view: KycView): void;
  /** Name and document of a refused submission, to correct rather than type again. */
  initial?: Pick<KycValues, 'name' | 'docType'> | undefined;
}

/**
 * Name, document type and number, and the three photos (front, back, holding the document), each
 * compressed on the device and uploaded as it is picked. The rules are the server's own; whatever the
 * server refuses stays typed, with the problem next to its field.
 */
export function KycForm({ onSubmitted, initial }: KycFormProps) {
  const { t } = useTranslation(['identity', 'common']);
  const call = useCall();
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, setValue, clearErrors, control, formState } = useForm<KycValues>({
    defaultValues: {
      name: '',
      docType: 'idCard',
      idNumber: '',
      frontId: '',
      backId: '',
      handId: '',
      ...initial,
    },
    resolver: rulesResolver(kycProblems),
  });
  const { errors } = formState;
  const docType = useWatch({ control, name: 'docType' });
  const uploaded = (field: PhotoField) => (id: string) => {
    setValue(field, id);
    if (id) clearErrors(field);
  };
  const photos = {
    frontId: useProofUpload(uploaded('frontId')),
    backId: useProofUpload(uploaded('backId')),
    handId: useProofUpload(uploaded('handId')),
  };
  const photoBusy = PHOTO_FIELDS.some((f) => ['compressing', 'uploading'].includes(photos[f].state.phase));

  const submit = handleSubmit(async (v) => {
    if (busy) return;
    setBusy(true);
    try {
      const out = await call('kyc/submit', v, { fields: FIELDS });
      if (out.ok) {
        toast.success(t('kyc.submitted'));
        onSubmitted(out.data);
        return;
      }
      applyServerFieldError(out, setError);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="form kyc-form" noValidate onSubmit={(e) => void submit(e)} data-testid="kyc-form">
      <TextField
        label={t('kyc.name')}
        registration={register('name')}
        error={errors.name}
        autoComplete="name"
        placeholder={t('kyc.namePlaceholder')}
        data-testid="kyc-name"
      />
      <div className="field">
        <span className="field__label" id="kyc-doc-label">
          {t('kyc.docType')}
        </span>
        <div className="segmented" role="radiogroup" aria-labelledby="kyc-doc-label">
          {KYC_DOC_TYPES.map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={docType === d}
              className={`segmented__item${docType === d ? ' segmented__item--active' : ''}`}
              onClick={() => setValue('docType', d, { shouldValidate: formState.isSubmitted })}
              data-testid={`kyc-doc-${d}`}
            >
              {t(`kyc.doc.${d}`)}
            </button>
          ))}
        </div>
      </div>
      <TextField
        label={t('kyc.idNumber')}
        registration={register('idNumber')}
        error={errors.idNumber}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('kyc.idNumberPlaceholder')}
        data-testid="kyc-id-number"
      />
      <h2 className="kyc-form__title">{t('kyc.photos')}</h2>
      <p className="note identity-note">{t('kyc.photosHint')}</p>
      {PHOTO_FIELDS.map((f) => (
        <div key={f}>
          <input type="hidden" {...register(f)} />
          <KycPhoto
            field={f}
            state={photos[f].state}
            onPick={(file) => void photos[f].pick(file)}
            onClear={photos[f].clear}
            error={errorText(errors[f])}
          />
        </div>
      ))}
      {/* No submit while a photo is on its way: the form would only say it is missing. */}
      <SubmitButton busy={busy || photoBusy}>{t('kyc.submit')}</SubmitButton>
    </form>
  );
}
