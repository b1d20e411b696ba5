import { useTranslation } from '../i18n/use-translation';
import { toast } from './toast';
import { errorMessage } from '../i18n/i18n';
import { Icon } from './icons';

/** Copies a text and says whether it worked (spec §8: copy success or failure). */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(errorMessage('copySuccess'));
    } catch {
      toast.error(errorMessage('copyFailure'));
    }
  };
  return (
    <button
      type="button"
      className="icon-btn icon-btn--small"
      onClick={() => void copy()}
      aria-label={t('actions.copy')}
    >
      <Icon name="copy" size={16} />
    </button>
  );
}
