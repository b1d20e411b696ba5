import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_TYPES } from '../../domain/funding';
import { useCore } from './contexts';
import { failureText } from './intents';
import { useFailureHandler } from './use-call';
import { errorMessage } from '../i18n/i18n';

/** Where the proof image is: nothing yet, being compressed (0–100), uploading, uploaded, or failed. */
export type ProofState =
  | { phase: 'idle' }
  | { phase: 'compressing'; progress: number }
  | { phase: 'uploading'; preview: string }
  | { phase: 'done'; id: string; preview: string; bytes: number }
  | { phase: 'failed'; message: string; preview: string | null };

/** Photos are shrunk to this before upload: enough to read a bank slip, quick on a phone network. */
const COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 2048 };

/**
 * Compresses a picked photo in the page (browser-image-compression, reporting progress), then uploads
 * it through the worker core (`core.uploadImage`). Types the server refuses (HEIC from some cameras)
 * are re-encoded as JPEG; a result larger than an already small original keeps the original.
 */
export function useProofUpload(onUploaded: (id: string) => void): {
  state: ProofState;
  pick(file: File): Promise<void>;
  clear(): void;
} {
  const { core } = useCore();
  // The app's one intent handler (it knows whether anyone was signed in, for the login text).
  const onFailure = useFailureHandler();
  const [state, setState] = useState<ProofState>({ phase: 'idle' });
  const preview = useRef<string | null>(null);
  const run = useRef(0);
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);

  const showPreview = (blob: Blob): string => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = URL.createObjectURL(blob);
    return preview.current;
  };
  useEffect(
    () => () => {
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  const pick = useCallback(
    async (file: File) => {
      const mine = ++run.current;
      const current = () => mine === run.current;
      uploaded.current('');
      setState({ phase: 'compressing', progress: 0 });
      let image: Blob;
      try {
        // Loaded on demand: most visits never pick a photo.
        const { default: compress } = await import('browser-image-compression');
        const accepted = (UPLOAD_TYPES as readonly string[]).includes(file.type);
        const small = await compress(file, {
          ...COMPRESSION,
          // Its worker mode fetches a script from a CDN; the app makes no third-party calls.
          useWebWorker: false,
          ...(!accepted && { fileType: 'image/jpeg' }),
          onProgress: (progress) => {
            if (current()) setState({ phase: 'compressing', progress });
          },
        });
        image = accepted && small.size >= file.size ? file : small;
      } catch (e) {
        console.error('proof compression failed', e);
        if (current()) setState({ phase: 'failed', message: errorMessage('uploadType'), preview: null });
        return;
      }
      if (!current()) return;
      const url = showPreview(image);
      setState({ phase: 'uploading', preview: url });
      let out: Awaited<ReturnType<typeof core.uploadImage>>;
      try {
        out = await core.uploadImage(image);
      } catch (e) {
        console.error('proof upload failed', e);
        out = { ok: false, intent: 'serverFault', messageKey: 'serverFault' };
      }
      if (!current()) return;
      if (out.ok) {
        setState({ phase: 'done', id: out.data.id, preview: url, bytes: image.size });
        uploaded.current(out.data.id);
        return;
      }
      // A problem with the image is shown under it; session and server problems go the usual way.
      if (out.intent !== 'message') {
        onFailure(out);
      }
      setState({ phase: 'failed', message: failureText(out), preview: url });
    },
    [core, onFailure],
  );

  const clear = useCallback(() => {
    run.current += 1;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    uploaded.current('');
    setState({ phase: 'idle' });
  }, []);

  return { state, pick, clear };
}
