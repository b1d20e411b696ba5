import { useTranslation } from '../i18n/use-translation';
import { Icon } from './icons';
import { Spinner } from './spinner';

/** Props of {@link LoadState}. */
export interface LoadStateProps {
  failed: boolean;
  onRetry(): void;
  /**
   * What a failed load says, in the page's own words (already translated); by default the general
   * "This could not be loaded. Check your connection and retry." (`common:loadFailed`: the shell's
   * texts, so a page's loading state never fetches another area's texts, 10 KB on contracts).
   */
  failedText?: string;
  /** Prefix of the data-testids: `<testId>-loading` for the spinner, `<testId>-error` after a failure. */
  testId: string;
}

/**
 * What a page shows before its data is in: a spinner while loading, or – after a failed load, whose
 * reason the intent handler already showed – a short text and a retry button.
 */
export function LoadState({ failed, onRetry, failedText, testId }: LoadStateProps) {
  const { t } = useTranslation(['common']);
  if (!failed) {
    return (
      <div className="state" data-testid={`${testId}-loading`}>
        <Spinner size={28} />
      </div>
    );
  }
  return (
    <div className="state" data-testid={`${testId}-error`}>
      <span className="state__icon">
        <Icon name="wifiOff" size={32} />
      </span>
      <p className="state__text">{failedText ?? t('loadFailed')}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('actions.retry')}
      </button>
    </div>
  );
}

/** The small form of a failed load, inside a section of a page that otherwise shows. */
export function InlineRetry({ onRetry, testId, text }: { onRetry(): void; testId?: string; text?: string }) {
  const { t } = useTranslation(['common']);
  return (
    <div className="assets-state" data-testid={testId}>
      <p>{text ?? t('loadFailed')}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        <Icon name="refresh" size={16} />
        {t('actions.retry')}
      </button>
    </div>
  );
}
