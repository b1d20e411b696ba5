import { useTranslation } from '../../../i18n/use-translation';
import { Icon } from '../../../components/icons';
import { PhotoPicker } from '../../../components/photo-picker';
import type { ProofState } from '../../../core/use-proof-upload';

/** Props of {@link ProofPicker}. */
export interface ProofPickerProps {
  state: ProofState;
  onPick(file: File): void;
  onClear(): void;
  /** The form's problem with the proof (none picked), already translated. */
  error?: string | undefined;
}

/** The bank deposit's proof image: a {@link PhotoPicker} with the funding texts and testids. */
export function ProofPicker({ state, onPick, onClear, error }: ProofPickerProps) {
  const { t } = useTranslation('assets');
  return (
    <PhotoPicker
      state={state}
      onPick={onPick}
      onClear={onClear}
      error={error}
      field="proofId"
      texts={{
        label: t('bank.proof'),
        previewAlt: t('bank.proofPreview'),
        compressing: (pct) => t('bank.compressing', { pct }),
        uploading: t('bank.uploading'),
        uploaded: (kb) => t('bank.uploaded', { kb }),
        takePhoto: t('bank.takePhoto'),
        chooseFile: t('bank.chooseFile'),
        remove: t('bank.removeProof'),
      }}
      empty={
        <>
          <Icon name="upload" size={28} />
          <span>{t('bank.proofHint')}</span>
        </>
      }
      capture="environment"
      testIds={{ root: 'proof-picker', done: 'proof-uploaded', file: 'proof-file', camera: 'proof-camera' }}
    />
  );
}
