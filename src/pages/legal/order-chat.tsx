import { useCallback, useEffect, useRef, useState } from 'react';
import { LEGAL_MESSAGE_MAX } from '../../../domain/legal-rules';
import type { LegalOrder, OrderMessage } from '../../../domain/legal';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import { usePrefs, useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateData } from '../../core/use-dated-read';
import { useTranslation } from '../../i18n/use-translation';
import { useProofUpload } from '../../core/use-proof-upload';
import { formatMs } from '../trade';
import { LegalPhotoPicker } from './legal-photo-picker';
import { LegalImage } from './legal-image';

/**
 * A short chat between the two parties, kept with the order for a rights-protection case. It
 * reloads with every push of the order (a message pushes the order to both sides).
 */
export function OrderChat({ order, version }: { order: LegalOrder; version: number }) {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  const { user } = useUser();
  const call = useCall();
  const online = useOnline();
  const id = order.id;
  // A private read: after one visit the chat renders from the device, dated, also offline.
  const read = usePrivateData('legal/messages', { id }, user?.id ?? null);
  const { reload } = read;
  // Messages sent from here, shown until the server's list has them.
  const [sent, setSent] = useState<OrderMessage[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Every push of the order (a new message among them) reads the chat again; the first is the mount's.
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void reload();
  }, [version, reload]);
  const messages = read.data && [...read.data, ...sent.filter((s) => !read.data!.some((m) => m.id === s.id))];
  const send = async (fields: { text?: string; imageId?: string }) => {
    setBusy(true);
    const out = await call('legal/messageSend', { id, ...fields });
    setBusy(false);
    if (out.ok) {
      setSent((m) => [...m, out.data]);
      if (fields.text) setText('');
    }
  };
  const sendImage = useRef<(imageId: string) => void>(() => undefined);
  useEffect(() => {
    sendImage.current = (imageId) => void send({ imageId });
  });
  const onUploaded = useCallback((imageId: string) => {
    if (imageId) sendImage.current(imageId);
  }, []);
  const upload = useProofUpload(onUploaded);
  return (
    <section className="card" data-testid="order-chat">
      <h2 className="card__title">{t('order.chat')}</h2>
      <AsOf time={read.time} testId="chat-as-of" />
      <ul className="legal-chat">
        {messages?.length === 0 && <li className="legal-chat__empty">{t('order.noMessages')}</li>}
        {messages?.map((m) => (
          <li
            key={m.id}
            className={`legal-chat__msg${m.role === order.role ? ' legal-chat__msg--mine' : ''}`}
          >
            {m.text && <p>{m.text}</p>}
            {m.imageId && <LegalImage id={m.imageId} orderId={order.id} alt={t('order.chat')} />}
            <span className="legal-chat__meta">
              {m.role === order.role ? t('order.you') : t('order.them')} · {formatMs(m.at, lang)}
            </span>
          </li>
        ))}
      </ul>
      <form
        className="legal-chat__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void send({ text });
        }}
      >
        <div className="field__control">
          <input
            className="field__input"
            value={text}
            maxLength={LEGAL_MESSAGE_MAX}
            placeholder={t('order.chatPlaceholder')}
            aria-label={t('order.chatPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="chat-text"
          />
        </div>
        {/* Sending needs the server: offline the button is disabled and says so. */}
        <button
          type="submit"
          className="btn btn--primary btn--small"
          disabled={busy || !online || !text.trim()}
          data-testid="chat-send"
        >
          {online ? t('order.send') : t('common:offline.needsNetwork')}
        </button>
      </form>
      {online && (
        // An image is uploaded and sent at once: nothing to pick while offline.
        <LegalPhotoPicker upload={upload} label={t('order.addEvidence')} />
      )}
    </section>
  );
}
