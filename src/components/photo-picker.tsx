import { useId, useRef, type ReactNode } from 'react';
import type { ProofState } from '../core/use-proof-upload';
import { Icon } from './icons';
import { Spinner } from './spinner';

/** What a {@link PhotoPicker} says, in its page's words (already translated). */
export interface PhotoPickerTexts {
  label: string;
  previewAlt: string;
  compressing(pct: number): string;
  uploading: string;
  uploaded(kb: number): string;
  takePhoto: string;
  chooseFile: string;
  remove: string;
}

/** The data-testids the e2e tests find a picker's parts by. */
export interface PhotoPickerTestIds {
  root: string;
  /** The "uploaded" line. */
  done: string;
  /** The choose-a-file input. */
  file: string;
  /** The camera input. */
  camera?: string;
}

/** Props of {@link PhotoPicker}. */
export interface PhotoPickerProps {
  /** From `useProofUpload`, which compresses on the device and uploads. */
  state: ProofState;
  onPick(file: File): void;
  onClear(): void;
  /** The form's problem with the photo, already translated. */
  error?: string | undefined;
  /** The form field the photo fills: the error line's `data-field`. */
  field: string;
  texts: PhotoPickerTexts;
  /** What the box shows before there is a photo. */
  empty: ReactNode;
  /** The camera a phone opens first: `user` (front) for a selfie, else `environment`. */
  capture: 'user' | 'environment';
  testIds: PhotoPickerTestIds;
  /** An extra class on the root, for a page's own sizes. */
  className?: string;
}

/** Kilobytes for the "uploaded" line (a file size, not money). */
const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * One photo for a form: take it with the camera or choose a file, watch it being compressed (with
 * progress) and uploaded, see a preview. The camera input hints `capture` so phones open the camera
 * directly.
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const { state, onPick, onClear, error, field, texts, empty, capture, testIds, className } = props;
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
  const labelId = `${id}-label`;
  const classes = ['field', 'proof', className, message && 'field--error'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={testIds.root}>
      <span className="field__label" id={labelId}>
        {texts.label}
      </span>
      <div className="proof__box" aria-labelledby={labelId} aria-busy={busy}>
        {preview ? (
          <img className="proof__preview" src={preview} alt={texts.previewAlt} />
        ) : (
          <span className="proof__empty">{empty}</span>
        )}
        {state.phase === 'compressing' && (
          <div className="proof__status" role="status">
            <span>{texts.compressing(Math.round(state.progress))}</span>
            <progress className="proof__progress" max={100} value={state.progress} />
          </div>
        )}
        {state.phase === 'uploading' && (
          <div className="proof__status" role="status">
            <Spinner size={18} />
            <span>{texts.uploading}</span>
          </div>
        )}
        {state.phase === 'done' && (
          <div className="proof__status proof__status--done" role="status" data-testid={testIds.done}>
            <Icon name="check" size={18} />
            <span>{texts.uploaded(kb(state.bytes))}</span>
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
          {texts.takePhoto}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => file.current?.click()}
        >
          {texts.chooseFile}
        </button>
        {(state.phase === 'done' || state.phase === 'failed') && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onClear}>
            {texts.remove}
          </button>
        )}
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture={capture}
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid={testIds.camera}
      />
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        onChange={(e) => take(e.currentTarget)}
        data-testid={testIds.file}
      />
      {message && (
        <p className="field__error" role="alert" data-field={field}>
          {message}
        </p>
      )}
    </div>
  );
}
