import type { PhotoLineProps } from '../../components/photo-picker';
import { useTranslation } from '../../i18n/use-translation';

/**
 * What a fiat page's compact {@link PhotoPicker} says (a payment code image, evidence, a chat
 * image): `label` on its button, then the compression, upload and done lines in the fiat words.
 */
export function useLegalPhotoTexts(label: string): PhotoLineProps['texts'] {
  const { t } = useTranslation('legal');
  return {
    label,
    compressing: (pct) => t('methods.compressing', { pct }),
    uploading: t('methods.uploading'),
    uploaded: t('methods.uploaded'),
  };
}
