import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpsConversation } from '../../../../domain/ops-api';
import type { OpsKefuMessage } from '../../../worker/routes';
import { onOpsEvent } from '../../core/api';
import { moment } from '../../core/format';
import { useDuty, useSession } from '../../core/session';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { appendMessage, applyReceipt, receiptOf, unreadUpTo } from './inbox-logic';
import { ReplyBox } from './reply-box';

/** A chat image, fetched through the worker (each look is journaled by the server). */
function ChatImage({ id }: { id: string }) {
  const { t } = useTranslation();
  const call = useCall();
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void call('kefu/image', { id }).then((img) => {
      if (live) setSrc(img ? `data:${img.mime};base64,${img.data}` : null);
    });
    return () => {
      live = false;
    };
  }, [call, id]);
  if (!src)
    return <span className="msg__image msg__image--none">{src === undefined ? '…' : t('inbox.image')}</span>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img className="msg__image" src={src} alt={t('inbox.image')} data-testid="msg-image" />
    </a>
  );
}

/** One message: the user's on the left, the operators' on the right with their receipt. */
function Message({ m, images }: { m: OpsKefuMessage; images: boolean }) {
  const { t, locale } = useTranslation();
  const state = receiptOf(m);
  return (
    <li className={`msg msg--${m.sender}`} data-testid={`msg-${m.sender}`} data-id={m.id}>
      <div className="msg__bubble">
        {m.kind === 'image' ? (
          images && m.imageId ? (
            <ChatImage id={m.imageId} />
          ) : (
            <span className="msg__image msg__image--none">{t('inbox.imageHidden')}</span>
          )
        ) : (
          <p className="msg__text">{m.text}</p>
        )}
      </div>
      <span className="msg__meta">
        {m.sender === 'operator' ? `${m.operator ?? t('inbox.support')} · ` : ''}
        {moment(m.createdAt, locale)}
        {m.sender === 'operator' && (
          <span className={`receipt receipt--${state}`} data-testid="receipt" data-state={state}>
            {' · '}
            {t(`inbox.receipt.${state}`)}
          </span>
        )}
      </span>
    </li>
  );
}

/** The conversation's bar: back (on a phone), the account, its assignee, take and release. */
function ThreadHead({
  account,
  assignee,
  canAssign,
  me,
  onBack,
  onAssign,
}: {
  account: string;
  assignee: string | null | undefined;
  canAssign: boolean;
  me: string;
  onBack: () => void;
  onAssign: (release: boolean) => void;
}) {
  const { t } = useTranslation();
  let who = '';
  if (assignee) who = t('inbox.assignedTo', { name: assignee });
  else if (assignee === null) who = t('inbox.unassigned');
  return (
    <header className="thread__head">
      <button type="button" className="btn btn--ghost thread__back" onClick={onBack}>
        ← {t('inbox.back')}
      </button>
      <h2 className="thread__title" data-testid="thread-account">
        {account}
      </h2>
      <span className="thread__assignee" data-testid="assignee">
        {who}
      </span>
      {canAssign && (
        <span className="thread__actions">
          {assignee !== me && (
            <button type="button" className="btn" data-testid="assign" onClick={() => onAssign(false)}>
              {t('inbox.take')}
            </button>
          )}
          {assignee && (
            <button type="button" className="btn" data-testid="release" onClick={() => onAssign(true)}>
              {t('inbox.release')}
            </button>
          )}
        </span>
      )}
    </header>
  );
}

/** The messages (oldest first), kept scrolled to the newest; or the loading and failed states. */
function MessageList({
  messages,
  hasOlder,
  images,
  onOlder,
  onRetry,
}: {
  messages: OpsKefuMessage[] | null | undefined;
  hasOlder: boolean;
  images: boolean;
  onOlder: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  const newest = messages?.at(-1)?.id ?? 0;
  // A block body: newer Chromium's scrollIntoView returns a promise, which React would call as a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  if (messages === undefined) return <p className="loading">…</p>;
  if (messages === null)
    return (
      <div className="empty" data-testid="thread-failed">
        <p>{t('inbox.failedThread')}</p>
        <button type="button" className="btn" onClick={onRetry}>
          {t('action.refresh')}
        </button>
      </div>
    );
  return (
    <ol className="msgs" data-testid="messages">
      {hasOlder && (
        <li className="msgs__older">
          <button type="button" className="btn" onClick={onOlder}>
            {t('inbox.older')}
          </button>
        </li>
      )}
      {messages.length === 0 && <li className="empty">{t('inbox.noMessages')}</li>}
      {messages.map((m) => (
        <Message key={m.id} m={m} images={images} />
      ))}
      <li ref={end} aria-hidden className="msgs__end" />
    </ol>
  );
}

/**
 * One conversation: its messages (older ones on request), live over the socket; the user's messages
 * marked read while an operator of the support duty has it open and in view; assignment and the
 * reply box for that duty.
 */
export function Conversation({
  account,
  known,
  onBack,
  onAssigned,
}: {
  account: string;
  /** The conversation as the list has it (assignee), when it is on the page shown. */
  known: OpsConversation | undefined;
  onBack: () => void;
  onAssigned: (c: OpsConversation) => void;
}) {
  const { t } = useTranslation();
  const call = useCall();
  const support = useDuty('support');
  const me = useSession().me?.name ?? '';
  const [messages, setMessages] = useState<OpsKefuMessage[] | null | undefined>(undefined);
  const [hasOlder, setHasOlder] = useState(false);
  // What this view learnt itself (an event, its own assign) wins over the list's older word.
  const [heard, setHeard] = useState<{ assignee: string | null } | null>(null);
  const assignee = heard ? heard.assignee : known?.assignee;
  const setAssignee = (a: string | null) => setHeard({ assignee: a });
  const [round, setRound] = useState(0);
  const userId = messages?.[0]?.userId ?? known?.userId;

  useEffect(() => {
    let live = true;
    void call('kefu/messages', { account }).then((rows) => {
      if (!live) return;
      setMessages(rows);
      setHasOlder(rows !== null && rows.length >= 100);
    });
    return () => {
      live = false;
    };
  }, [call, account, round]);

  // New messages and receipts of this conversation arrive without a reload.
  const idRef = useRef(userId);
  useEffect(() => {
    idRef.current = userId;
  }, [userId]);
  useEffect(
    () =>
      onOpsEvent((e) => {
        if (e.type === 'queues' || e.userId !== idRef.current) return;
        if (e.type === 'kefu.message') {
          const message = { ...e.message, userId: e.userId, operator: null };
          setMessages((old) => (old ? appendMessage(old, message) : old));
        } else if (e.type === 'kefu.receipt') setMessages((old) => (old ? applyReceipt(old, e) : old));
        else setHeard({ assignee: e.assignee });
      }),
    [],
  );

  // Read while looked at: on opening, on each new user message, and when the tab comes back.
  const marked = useRef(0);
  const markRead = useCallback(() => {
    if (!support || !messages || document.visibilityState !== 'visible') return;
    const upTo = unreadUpTo(messages);
    if (upTo === null || upTo <= marked.current) return;
    marked.current = upTo;
    void call('kefu/read', { account, upTo });
  }, [support, messages, call, account]);
  useEffect(() => {
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [markRead]);

  const older = async () => {
    const first = messages?.[0];
    if (!first) return;
    const rows = await call('kefu/messages', { account, before: first.id });
    if (!rows) return;
    setHasOlder(rows.length >= 100);
    setMessages((old) => rows.reduce((acc, m) => appendMessage(acc, m), old ?? []));
  };

  const assign = async (release: boolean) => {
    if (userId === undefined) return;
    const c = await call('kefu/assign', { userId, ...(release && { release: '1' as const }) });
    if (!c) return;
    setAssignee(c.assignee);
    onAssigned(c);
  };

  const texts = (messages ?? []).filter((m) => m.sender === 'user' && m.kind === 'text').map((m) => m.text);
  return (
    <div className="thread" data-testid="thread">
      <ThreadHead
        account={account}
        assignee={assignee}
        canAssign={support && userId !== undefined}
        me={me}
        onBack={onBack}
        onAssign={(release) => void assign(release)}
      />
      <MessageList
        messages={messages}
        hasOlder={hasOlder}
        images={support}
        onOlder={() => void older()}
        onRetry={() => setRound((r) => r + 1)}
      />
      {support ? (
        <ReplyBox
          account={account}
          userTexts={texts}
          onSent={(m) => setMessages((old) => (old ? appendMessage(old, m) : [m]))}
        />
      ) : (
        <p className="note thread__readonly">{t('inbox.readOnly')}</p>
      )}
    </div>
  );
}
