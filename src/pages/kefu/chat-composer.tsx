import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { KEFU_IMAGE_COMPRESSION, KEFU_IMAGE_TYPES, KEFU_TEXT_MAX } from '../../../domain/kefu-types';
import { useCore } from '../../core/contexts';
import { Icon } from '../../components/icons';
import { toast } from '../../components/toast';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

/** Chat images are sent small (the console's replies use the same options). */
const COMPRESSION = KEFU_IMAGE_COMPRESSION;
const TYPES = KEFU_IMAGE_TYPES;

/** Where a message is typed; the text stays until the worker has queued it. */
export function ChatComposer() {
  const { t } = useTranslation('content');
  const { core } = useCore();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const length = [...text].length;
  const tooLong = length > KEFU_TEXT_MAX;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || tooLong) return;
    const out = await core.kefuSend({ text });
    if (out.ok) setText('');
    else if (out.messageKey) toast.error(errorMessage(out.messageKey));
  };

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    try {
      if (!picked.type.startsWith('image/')) throw new TypeError(picked.type);
      // Loaded on demand: most conversations never send a picture.
      const { default: compress } = await import('browser-image-compression');
      const accepted = TYPES.includes(picked.type);
      const small = await compress(picked, {
        ...COMPRESSION,
        useWebWorker: false,
        ...(!accepted && { fileType: 'image/jpeg' }),
      });
      const out = await core.kefuSend({ image: accepted && small.size >= picked.size ? picked : small });
      if (!out.ok && out.messageKey) toast.error(errorMessage(out.messageKey));
    } catch (err) {
      console.error('chat image failed', err);
      toast.error(errorMessage('uploadType'));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <form className="composer" onSubmit={(e) => void submit(e)}>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="kefu-file"
      />
      <button
        type="button"
        className="icon-btn composer__attach"
        onClick={() => file.current?.click()}
        disabled={busy}
        aria-label={t('kefu.image')}
      >
        <Icon name="upload" size={22} />
      </button>
      <label className="composer__field">
        <textarea
          className="c-input composer__input"
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) void submit(e);
          }}
          placeholder={t('kefu.placeholder')}
          aria-label={t('kefu.placeholder')}
          aria-invalid={tooLong || undefined}
          data-testid="kefu-input"
        />
        {length > KEFU_TEXT_MAX - 100 && (
          <span className={`composer__count${tooLong ? ' composer__count--over' : ''}`}>
            {length}/{KEFU_TEXT_MAX}
          </span>
        )}
      </label>
      <button
        type="submit"
        className="btn btn--primary composer__send"
        disabled={!text.trim() || tooLong}
        data-testid="kefu-send"
      >
        {t('kefu.send')}
      </button>
    </form>
  );
}
