import { useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import type { ProofState } from './use-proof-upload';

/** Props of {@link ProofPicker}. */
export interface ProofPickerProps {
  state: ProofState;
  onPick(file: File): void;
  onClear(): void;
  /** The form's problem with the proof (none picked), already translated. */
  error?: string | undefined;
}

/** Kilobytes for the "uploaded" line (a file size, not money). */
const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * The proof image: take a photo or choose a file, see compression progress, the upload and a
 * preview. The camera input hints `capture` so phones open the camera directly.
 */
export function ProofPicker({ state, onPick, onClear, error }: ProofPickerProps) {
  const { t } = useTranslation('assets');
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'compressing' || state.phase === 'uploading';
  const preview = state.phase === 'idle' || state.phase === 'compressing' ? null : state.preview;
  const message = state.phase === 'failed' ? state.message : error;
  const take = (input: HTMLInputElement | null) => {
    const picked = input?.files?.[0];
    if (picked) onPick(picked);
    // The same file may be picked again after a failure.
    if (input) input.value = '';
  };
  return (
    <div className={`field proof${message ? ' field--error' : ''}`} data-testid="proof-picker">
      <span className="field__label" id={`${id}-label`}>
        {t('bank.proof')}
      </span>
      <div className="proof__box" aria-labelledby={`${id}-label`} aria-busy={busy}>
        {preview ? (
          <img className="proof__preview" src={preview} alt={t('bank.proofPreview')} />
        ) : (
          <span className="proof__empty">
            <Icon name="upload" size={28} />
            <span>{t('bank.proofHint')}</span>
          </span>
        )}
        {state.phase === 'compressing' && (
          <div className="proof__status" role="status">
            <span>{t('bank.compressing', { pct: Math.round(state.progress) })}</span>
            <progress className="proof__progress" max={100} value={state.progress} />
          </div>
        )}
        {state.phase === 'uploading' && (
          <div className="proof__status" role="status">
            <Spinner size={18} />
            <span>{t('bank.uploading')}</span>
          </div>
        )}
        {state.phase === 'done' && (
          <div className="proof__status proof__status--done" role="status" data-testid="proof-uploaded">
            <Icon name="check" size={18} />
            <span>{t('bank.uploaded', { kb: kb(state.bytes) })}</span>
          </div>
        )}
      </div>
      <div className="button-row">
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => camera.current?.click()}
        >
          {t('bank.takePhoto')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => file.current?.click()}
        >
          {t('bank.chooseFile')}
        </button>
        {(state.phase === 'done' || state.phase === 'failed') && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onClear}>
            {t('bank.removeProof')}
          </button>
        )}
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid="proof-camera"
      />
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid="proof-file"
      />
      {message && (
        <p className="field__error" role="alert" data-field="proofId">
          {message}
        </p>
      )}
    </div>
  );
}
