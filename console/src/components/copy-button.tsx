import { toast } from '../core/toast';
import { useTranslation } from '../core/use-translation';

/** Copies `text` to the clipboard and says so. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn"
      data-testid={testId}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => toast.success(t('action.copied')),
          () => toast.error(t('action.copyFailed')),
        )
      }
    >
      {t('action.copy')}
    </button>
  );
}
