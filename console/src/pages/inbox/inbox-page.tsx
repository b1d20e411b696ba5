import { useCallback, useEffect, useRef, useState } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { OpsConversation } from '../../../../domain/ops-api';
import { Pager } from '../../components/pager';
import { onOpsEvent } from '../../core/api';
import { moment } from '../../core/format';
import { useDuty, useSession } from '../../core/session';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { CannedPage } from './canned-page';
import { Conversation } from './conversation';
import { applyToList, type InboxFilter } from './inbox-logic';
import './inbox.css';

/** Conversations per page. */
export const INBOX_PAGE = 30;

/** One conversation in the list. */
function Row({ c, open, onOpen }: { c: OpsConversation; open: boolean; onOpen: () => void }) {
  const { t, locale } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={`convo${open ? ' convo--open' : ''}${c.unread > 0 ? ' convo--unread' : ''}`}
        data-testid="conversation"
        data-account={c.account}
        aria-current={open || undefined}
        onClick={onOpen}
      >
        <span className="convo__top">
          <span className="convo__account">{c.account}</span>
          {c.unread > 0 && (
            <span className="convo__unread" data-testid="unread" aria-label={t('inbox.unreadCount')}>
              {c.unread}
            </span>
          )}
        </span>
        <span className="convo__text">{c.lastText || t('inbox.image')}</span>
        <span className="convo__meta">
          <span>{c.assignee ? t('inbox.assignedTo', { name: c.assignee }) : t('inbox.unassigned')}</span>
          <span>{moment(c.lastMessageAt, locale)}</span>
        </span>
      </button>
    </li>
  );
}

/** The conversations of the page shown, or its loading, failed or empty state. */
function Conversations({
  list,
  account,
  onRetry,
  onOpen,
}: {
  list: OpsConversation[] | null | undefined;
  account: string | null;
  onRetry: () => void;
  onOpen: (c: OpsConversation) => void;
}) {
  const { t } = useTranslation();
  if (list === undefined) return <p className="loading">…</p>;
  if (list === null)
    return (
      <div className="empty" data-testid="inbox-failed">
        <p>{t('inbox.failed')}</p>
        <button type="button" className="btn" onClick={onRetry}>
          {t('action.refresh')}
        </button>
      </div>
    );
  if (list.length === 0)
    return (
      <p className="empty" data-testid="inbox-empty">
        {t('inbox.empty')}
      </p>
    );
  return (
    <ul className="convos">
      {list.map((c) => (
        <Row key={c.userId} c={c} open={c.account === account} onOpen={() => onOpen(c)} />
      ))}
    </ul>
  );
}

/** The inbox: filters, the conversations (live), and the open one beside them. */
function Inbox() {
  const { t } = useTranslation();
  const call = useCall();
  const navigate = useNavigate();
  const me = useSession().me?.name ?? '';
  const support = useDuty('support');
  const rest = useParams()['*'] ?? '';
  const account = rest.startsWith('u/') ? decodeURIComponent(rest.slice(2)) : null;
  const [filter, setFilter] = useState<InboxFilter>({ mine: false, unread: false });
  const [before, setBefore] = useState<number | null>(null);
  const [held, setHeld] = useState<{ key: string; list: OpsConversation[] | null } | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // The list of the current query only: another filter or page shows "loading", not old rows.
  const key = `${filter.mine}:${filter.unread}:${before}:${round}`;
  const list = held?.key === key ? held.list : undefined;
  const setList = useCallback((next: OpsConversation[] | null) => setHeld({ key, list: next }), [key]);

  useEffect(() => {
    let live = true;
    void call('kefu/inbox', {
      limit: INBOX_PAGE,
      ...(before !== null && { before }),
      ...(filter.mine && { mine: '1' as const }),
      ...(filter.unread && { unread: '1' as const }),
    }).then((rows) => live && setHeld({ key, list: rows }));
    return () => {
      live = false;
    };
  }, [call, filter, before, key]);

  // The socket moves the list; what it cannot place (a new conversation) reloads the page. The
  // handler reads the newest list and filters through a ref (events come between renders).
  const seen = useRef({ list, filter, me, firstPage: before === null, setList });
  useEffect(() => {
    seen.current = { list, filter, me, firstPage: before === null, setList };
  }, [list, filter, me, before, setList]);
  useEffect(
    () =>
      onOpsEvent((event) => {
        const { list: old, filter: f, me: who, firstPage, setList: put } = seen.current;
        if (!old) return;
        const change = applyToList(old, event, f, who, firstPage);
        if ('reload' in change) return reload();
        seen.current = { ...seen.current, list: change.list };
        put(change.list);
      }),
    [reload],
  );

  const current = list?.find((c) => c.account === account);
  const last = list && list.length === INBOX_PAGE ? list[list.length - 1]!.lastMessageId : null;
  const toggle = (key: keyof InboxFilter) => {
    setFilter((f) => ({ ...f, [key]: !f[key] }));
    setBefore(null);
  };
  return (
    <section className={`page inbox${account ? ' inbox--open' : ''}`} data-testid="inbox">
      <div className="inbox__list">
        <header className="page__head">
          <h1 className="page__title">{t('inbox.title')}</h1>
          {support && (
            <button
              type="button"
              className="btn"
              data-testid="canned-manage"
              onClick={() => navigate('/inbox/canned')}
            >
              {t('inbox.canned')}
            </button>
          )}
        </header>
        <div className="inbox__filters" role="group" aria-label={t('inbox.filters')}>
          {(['mine', 'unread'] as const).map((key) => (
            <button
              key={key}
              type="button"
              className={`chip${filter[key] ? ' chip--on' : ''}`}
              aria-pressed={filter[key]}
              data-testid={`filter-${key}`}
              onClick={() => toggle(key)}
            >
              {t(`inbox.filter.${key}`)}
            </button>
          ))}
        </div>
        <Conversations
          list={list}
          account={account}
          onRetry={reload}
          onOpen={(c) => navigate(`/inbox/u/${encodeURIComponent(c.account)}`)}
        />
        <Pager atStart={before === null} next={last} onFirst={() => setBefore(null)} onNext={setBefore} />
      </div>
      <div className="inbox__pane">
        {account ? (
          <Conversation
            key={account}
            account={account}
            known={current}
            onBack={() => navigate('/inbox')}
            onAssigned={(c) => list && setList(list.map((o) => (o.userId === c.userId ? c : o)))}
          />
        ) : (
          <p className="empty inbox__choose">{t('inbox.choose')}</p>
        )}
      </div>
    </section>
  );
}

/** The support inbox and its canned replies. */
export function Page() {
  return (
    <Routes>
      <Route path="canned" element={<CannedPage />} />
      <Route path="*" element={<Inbox />} />
    </Routes>
  );
}
