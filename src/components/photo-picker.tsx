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

/** What every look of a {@link PhotoPicker} takes. */
interface PhotoPickerBase {
  /** From `useProofUpload`, which compresses on the device and uploads. */
  state: ProofState;
  onPick(file: File): void;
  /** An extra class on the root, for a page's own sizes. */
  className?: string;
}

/** Props of {@link PhotoPicker}'s full look: a box with the preview, the camera and a file. */
export interface PhotoBoxProps extends PhotoPickerBase {
  look?: 'box';
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
}

/**
 * Props of {@link PhotoPicker}'s compact look: one button and a status line, for a picker inside a
 * dialog, a chat or beside an image the page shows itself (the P2P pages show each uploaded image
 * from the server, so the picker previews nothing). Each pick is one more upload; nothing to remove.
 */
export interface PhotoLineProps extends PhotoPickerBase {
  look: 'compact';
  /** `label` is the button's text. */
  texts: Pick<PhotoPickerTexts, 'label' | 'compressing' | 'uploading'> & { uploaded: string };
  /** The choose-a-file input's testid. */
  fileTestId?: string;
}

/** Props of {@link PhotoPicker}: the full box (the default) or, with `look: 'compact'`, one line. */
export type PhotoPickerProps = PhotoBoxProps | PhotoLineProps;

/** Types the file input offers: those the server takes first, then any image (re-encoded as JPEG). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/*';

/** Hands the input's file to `onPick`, and empties the input: the same file may be picked again after a failure. */
function takeFrom(input: HTMLInputElement | null, onPick: (file: File) => void) {
  const picked = input?.files?.[0];
  if (picked) onPick(picked);
  if (input) input.value = '';
}

const isBusy = (state: ProofState) => state.phase === 'compressing' || state.phase === 'uploading';

/** Kilobytes for the "uploaded" line (a file size, not money). */
const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * One photo for a form: take it with the camera or choose a file, watch it being compressed (with
 * progress) and uploaded, see a preview. The camera input hints `capture` so phones open the camera
 * directly. With `look: 'compact'`, one button and a status line (see {@link PhotoLineProps}).
 */
export function PhotoPicker(props: PhotoPickerProps) {
  return props.look === 'compact' ? <PhotoLine {...props} /> : <PhotoBox {...props} />;
}

/** The full look: the box with the preview or `empty`, camera, file and remove buttons. */
function PhotoBox(props: PhotoBoxProps) {
  const { state, onPick, onClear, error, field, texts, empty, capture, testIds, className } = props;
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const busy = isBusy(state);
  const preview = state.phase === 'idle' || state.phase === 'compressing' ? null : state.preview;
  const message = state.phase === 'failed' ? state.message : error;
  const take = (input: HTMLInputElement | null) => takeFrom(input, onPick);
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
        accept={ACCEPT}
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

/** The compact look: a button, the compression, upload or done line, and any refusal. */
function PhotoLine({ state, onPick, texts, fileTestId, className }: PhotoLineProps) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className={['proof-line', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={isBusy(state)}
        onClick={() => file.current?.click()}
      >
        <Icon name="upload" size={16} />
        {texts.label}
      </button>
      <span className="proof-line__status" role="status">
        {state.phase === 'compressing' && texts.compressing(Math.round(state.progress))}
        {state.phase === 'uploading' && (
          <>
            <Spinner size={14} /> {texts.uploading}
          </>
        )}
        {state.phase === 'done' && texts.uploaded}
      </span>
      {state.phase === 'failed' && (
        <p className="field__error" role="alert">
          {state.message}
        </p>
      )}
      <input
        ref={file}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={fileTestId}
        onChange={(e) => takeFrom(e.currentTarget, onPick)}
      />
    </div>
  );
}
