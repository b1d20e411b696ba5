// A reply's image made small as the app's support chat makes it (src/pages/kefu/chat-composer.tsx,
// same options from domain/kefu-types.ts), then base64 for `kefu/reply`.
import { KEFU_IMAGE_COMPRESSION, KEFU_IMAGE_TYPES } from '../../../../domain/kefu-types';

/** Base64 of `bytes`, without a `data:` prefix (in slices: a spread of a megabyte overflows the stack). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/**
 * The picked file compressed (accepted types keep theirs, others become JPEG; the original is kept
 * when compressing did not make an accepted file smaller). Throws on a file that is not an image.
 */
export async function chatImage(picked: File): Promise<{ mime: string; data: string }> {
  if (!picked.type.startsWith('image/')) throw new TypeError(picked.type);
  // Loaded on demand, as in the app: most replies are text.
  const { default: compress } = await import('browser-image-compression');
  const accepted = KEFU_IMAGE_TYPES.includes(picked.type);
  const small = await compress(picked, {
    ...KEFU_IMAGE_COMPRESSION,
    useWebWorker: false,
    ...(!accepted && { fileType: 'image/jpeg' }),
  });
  const file = accepted && small.size >= picked.size ? picked : small;
  return { mime: file.type, data: base64Of(new Uint8Array(await file.arrayBuffer())) };
}
