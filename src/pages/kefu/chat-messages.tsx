import { useEffect, useRef } from 'react';
import type { KefuMessage } from '../../../domain/kefu-types';
import type { PendingMessage } from '../../../worker/core-api';
import { useCore, usePrefs } from '../../core/contexts';
import { Icon } from '../../components/icons';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { BCP47 } from '../../../domain/locale';
import { useChatImage } from './use-kefu';

function ChatImage({ id, src }: { id: string | null; src: string | null }) {
  const loaded = useChatImage(src ? null : id);
  const url = src ?? loaded;
  return url ? (
    <img className="chat__image" src={url} alt="" />
  ) : (
    <span className="chat__image chat__image--empty" />
  );
}

function useClock() {
  const { lang } = usePrefs();
  const fmt = new Intl.DateTimeFormat(BCP47[lang], { hour: '2-digit', minute: '2-digit' });
  return (ms: number) => fmt.format(new Date(ms));
}

/** Sent, delivered or read: the receipts of the user's own message. */
function Receipt({ m }: { m: KefuMessage }) {
  const { t } = useTranslation('content');
  const state = m.readAt !== null ? 'read' : m.deliveredAt !== null ? 'delivered' : 'sent';
  return (
    <span className={`chat__receipt chat__receipt--${state}`} data-testid="receipt" data-state={state}>
      {t(`kefu.receipt.${state}`)}
    </span>
  );
}

/** The conversation, oldest first, then what waits to be sent; keeps the newest in view. */
export function ChatMessages({
  messages,
  pending,
}: {
  messages: readonly KefuMessage[];
  pending: readonly PendingMessage[];
}) {
  const { t } = useTranslation('content');
  const { core } = useCore();
  const clock = useClock();
  const end = useRef<HTMLLIElement>(null);
  // Follows the newest message; reading older ones above leaves the view where it is.
  const newest = `${messages.at(-1)?.id ?? 0}:${pending.length}`;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  return (
    <ol className="chat" data-testid="chat">
      {messages.map((m) => (
        <li key={m.id} className={`chat__row chat__row--${m.sender}`} data-testid={`msg-${m.sender}`}>
          <div className="chat__bubble">
            {m.kind === 'image' ? (
              <ChatImage id={m.imageId} src={null} />
            ) : (
              <p className="chat__text">{m.text}</p>
            )}
          </div>
          <span className="chat__meta">
            {/* Who and when as one caption: split into flex items, "Support ·" stood apart from its time. */}
            <span>
              {m.sender === 'operator' ? `${t('kefu.support')} · ${clock(m.createdAt)}` : clock(m.createdAt)}
            </span>
            {m.sender === 'user' && <Receipt m={m} />}
          </span>
        </li>
      ))}
      {pending.map((p) => (
        <li
          key={p.clientId}
          className="chat__row chat__row--user chat__row--pending"
          data-testid="msg-pending"
        >
          <div className="chat__bubble">
            {p.image ? <ChatImage id={null} src={p.image} /> : <p className="chat__text">{p.text}</p>}
          </div>
          <span className="chat__meta">
            {p.failed ? (
              <>
                <span className="chat__failed">{errorMessage(p.failed)}</span>
                <button type="button" className="link-btn" onClick={() => void core.kefuDiscard(p.clientId)}>
                  {t('kefu.discard')}
                </button>
              </>
            ) : (
              <span className="chat__receipt" data-state="queued">
                <Icon name="clock" size={12} /> {t('kefu.receipt.queued')}
              </span>
            )}
          </span>
        </li>
      ))}
      <li ref={end} className="chat__end" aria-hidden="true" />
    </ol>
  );
}
