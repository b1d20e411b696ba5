import { Icon } from '../../../components/icons';
import { PhotoPicker } from '../../../components/photo-picker';
import { useTranslation } from '../../../i18n/use-translation';
import type { ProofState } from '../../../core/use-proof-upload';
import type { PhotoField } from './kyc-rules';

/** Props of {@link KycPhoto}. */
export interface KycPhotoProps {
  field: PhotoField;
  state: ProofState;
  onPick(file: File): void;
  onClear(): void;
  /** The form's problem with this photo, already translated. */
  error?: string | undefined;
}

/**
 * One verification photo: a {@link PhotoPicker} with the identity texts and `kyc-<field>` testids.
 * The upload goes through `assets/upload` and its checks.
 */
export function KycPhoto({ field, state, onPick, onClear, error }: KycPhotoProps) {
  const { t } = useTranslation('identity');
  // The photo holding the document is a selfie: the front camera, and a person for an icon.
  const selfie = field === 'handId';
  return (
    <PhotoPicker
      state={state}
      onPick={onPick}
      onClear={onClear}
      error={error}
      field={field}
      texts={{
        label: t(`kyc.photo.${field}`),
        previewAlt: t('kyc.preview'),
        compressing: (pct) => t('kyc.compressing', { pct }),
        uploading: t('kyc.uploading'),
        uploaded: (kb) => t('kyc.uploaded', { kb }),
        takePhoto: t('kyc.takePhoto'),
        chooseFile: t('kyc.chooseFile'),
        remove: t('kyc.remove'),
      }}
      empty={<Icon name={selfie ? 'user' : 'card'} size={28} />}
      capture={selfie ? 'user' : 'environment'}
      testIds={{ root: `kyc-${field}`, done: `kyc-${field}-done`, file: `kyc-${field}-file` }}
      className="kyc-photo"
    />
  );
}
