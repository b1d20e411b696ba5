import { useRef } from 'react';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../i18n/use-translation';
import type { ProofState } from '../../core/use-proof-upload';

/**
 * Picks an image (compressed on the device, then sent through the existing upload checks by the
 * shared upload hook) and shows compression progress, the upload and any refusal.
 */
export function ImagePick({
  state,
  onPick,
  label,
  testId,
}: {
  state: ProofState;
  onPick(file: File): void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('legal');
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'compressing' || state.phase === 'uploading';
  return (
    <div className="legal-pick">
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        <Icon name="upload" size={16} />
        {label}
      </button>
      <span className="legal-pick__status" role="status">
        {state.phase === 'compressing' && t('methods.compressing', { pct: Math.round(state.progress) })}
        {state.phase === 'uploading' && (
          <>
            <Spinner size={14} /> {t('methods.uploading')}
          </>
        )}
        {state.phase === 'done' && t('methods.uploaded')}
      </span>
      {state.phase === 'failed' && (
        <p className="field__error" role="alert">
          {state.message}
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        data-testid={testId}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (f) onPick(f);
          e.currentTarget.value = '';
        }}
      />
    </div>
  );
}
