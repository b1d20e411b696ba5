import { PhotoPicker } from '../../components/photo-picker';
import type { useProofUpload } from '../../core/use-proof-upload';
import { useTranslation } from '../../i18n/use-translation';

/** Props of {@link LegalPhotoPicker}. */
export interface LegalPhotoPickerProps {
  /** From `useProofUpload`: compresses on the device, uploads, and hands over the id. */
  upload: ReturnType<typeof useProofUpload>;
  /** The button's text. */
  label: string;
  /** The file input's testid. */
  fileTestId?: string;
}

/**
 * A fiat page's image (a payment code, evidence, a chat image): a {@link PhotoPicker} in its
 * compact look with the fiat words. The page shows the uploaded image itself, from the server. The
 * `legal-pick` class is how the e2e test finds the payment code's refusal.
 */
export function LegalPhotoPicker({ upload, label, fileTestId }: LegalPhotoPickerProps) {
  const { t } = useTranslation('legal');
  return (
    <PhotoPicker
      look="compact"
      className="legal-pick"
      state={upload.state}
      onPick={(f) => void upload.pick(f)}
      texts={{
        label,
        compressing: (pct) => t('methods.compressing', { pct }),
        uploading: t('methods.uploading'),
        uploaded: t('methods.uploaded'),
      }}
      fileTestId={fileTestId}
    />
  );
}
