import { useRef } from 'react';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../i18n/use-translation';
import type { ProofState } from '../../assets/funding/use-proof-upload';
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

/** Kilobytes for the "uploaded" line (a file size, not money). */
const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * One verification photo: take it with the camera or choose a file, watch it being compressed (with
 * progress) and uploaded, see a preview. The upload goes through `assets/upload` and its checks.
 */
export function KycPhoto({ field, state, onPick, onClear, error }: KycPhotoProps) {
  const { t } = useTranslation('identity');
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'compressing' || state.phase === 'uploading';
  const preview = state.phase === 'idle' || state.phase === 'compressing' ? null : state.preview;
  const message = state.phase === 'failed' ? state.message : error;
  const take = (input: HTMLInputElement | null) => {
    const picked = input?.files?.[0];
    if (picked) onPick(picked);
    if (input) input.value = '';
  };
  const labelId = `kyc-${field}-label`;
  return (
    <div className={`field proof kyc-photo${message ? ' field--error' : ''}`} data-testid={`kyc-${field}`}>
      <span className="field__label" id={labelId}>
        {t(`kyc.photo.${field}`)}
      </span>
      <div className="proof__box kyc-photo__box" aria-labelledby={labelId} aria-busy={busy}>
        {preview ? (
          <img className="proof__preview" src={preview} alt={t('kyc.preview')} />
        ) : (
          <span className="proof__empty">
            <Icon name={field === 'handId' ? 'user' : 'card'} size={28} />
          </span>
        )}
        {state.phase === 'compressing' && (
          <div className="proof__status" role="status">
            <span>{t('kyc.compressing', { pct: Math.round(state.progress) })}</span>
            <progress className="proof__progress" max={100} value={state.progress} />
          </div>
        )}
        {state.phase === 'uploading' && (
          <div className="proof__status" role="status">
            <Spinner size={18} />
            <span>{t('kyc.uploading')}</span>
          </div>
        )}
        {state.phase === 'done' && (
          <div className="proof__status proof__status--done" role="status" data-testid={`kyc-${field}-done`}>
            <Icon name="check" size={18} />
            <span>{t('kyc.uploaded', { kb: kb(state.bytes) })}</span>
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
          {t('kyc.takePhoto')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => file.current?.click()}
        >
          {t('kyc.chooseFile')}
        </button>
        {(state.phase === 'done' || state.phase === 'failed') && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onClear}>
            {t('kyc.remove')}
          </button>
        )}
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture={field === 'handId' ? 'user' : 'environment'}
        hidden
        onChange={(e) => take(e.currentTarget)}
      />
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid={`kyc-${field}-file`}
      />
      {message && (
        <p className="field__error" role="alert" data-field={field}>
          {message}
        </p>
      )}
    </div>
  );
}
