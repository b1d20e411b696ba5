import { KEFU_CLIENT_ID, KEFU_IMAGE_MAX_BYTES, KEFU_TEXT_MAX } from '../../domain/kefu-types';
import { checkUpload } from '../assets';
import { fail, intField, str, type Input } from '../http';

/** A checked message: text, or an image (then `text` is empty). */
export interface MessageBody {
  text: string;
  image: { mime: string; bytes: Buffer } | null;
}

/** The client id of a message, or null when optional and absent. */
export function clientIdOf(input: Input, required: boolean): string | null {
  const id = str(input, 'clientId').trim();
  if (id === '' && !required) return null;
  if (!KEFU_CLIENT_ID.test(id)) throw fail('kefuClientId', 'clientId');
  return id;
}

/**
 * A message from `text`, or from `mime` and `data` (base64) for an image: text of at most
 * KEFU_TEXT_MAX characters, images of the proof types (checked by their bytes) up to
 * KEFU_IMAGE_MAX_BYTES. Throws the localized problem.
 */
export function messageOf(input: Input, fields = { mime: 'mime', data: 'data' }): MessageBody {
  const data = str(input, fields.data);
  if (data !== '') {
    const checked = checkUpload(str(input, fields.mime), data);
    if ('key' in checked) throw fail(checked.key, checked.field === 'mime' ? fields.mime : fields.data);
    if (checked.bytes.length > KEFU_IMAGE_MAX_BYTES) throw fail('uploadTooLarge', fields.data);
    return { text: '', image: { mime: checked.mime, bytes: checked.bytes } };
  }
  const text = str(input, 'text').trim();
  if (text === '') throw fail('kefuEmpty', 'text');
  if ([...text].length > KEFU_TEXT_MAX) throw fail('kefuTooLong', 'text');
  return { text, image: null };
}

/** A positive message id (`upTo`), or badRequest. */
export function upToOf(input: Input): number {
  return intField(input, 'upTo', { min: 1, max: Number.MAX_SAFE_INTEGER });
}
