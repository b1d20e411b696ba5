import { Link } from 'react-router-dom';
import { useCallback, useState } from 'react';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { SignInLink } from '../../components/sign-in-link';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { useCore, useUser } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import '../../styles/kefu.css';
import { HelpCentre } from '../news';
import { DataAge } from '../../components/data-age';
import { ChatComposer } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { useKefu, useMarkRead } from './use-kefu';

function OlderButton() {
  const { t } = useTranslation('content');
  const { core } = useCore();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--secondary btn--small kefu-older"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void core.kefuOlder().finally(() => setBusy(false));
      }}
    >
      {busy ? <Spinner size={16} /> : t('kefu.earlier')}
    </button>
  );
}

function Conversation() {
  const { t } = useTranslation('content');
  const view = useKefu();
  const online = useOnline();
  useMarkRead(view);
  if (!view) {
    return (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  }
  const empty = view.messages.length === 0 && view.pending.length === 0;
  return (
    <>
      {(view.stale || !online) && (
        <p className="news-offline" data-testid="kefu-offline">
          <Icon name="wifiOff" size={16} />
          <span>{view.pending.length > 0 ? t('kefu.queued') : t('kefu.offline')}</span>
        </p>
      )}
      {view.savedAt !== null && view.stale && (
        <p className="news-age">
          <DataAge at={view.savedAt} testId="kefu-age" />
        </p>
      )}
      {empty && !view.loaded && !view.stale ? (
        <div className="state">
          <Spinner size={28} />
        </div>
      ) : empty ? (
        <div className="state" data-testid="kefu-empty">
          <span className="state__icon">
            <Icon name="support" size={32} />
          </span>
          <p className="state__text">{t('kefu.empty')}</p>
        </div>
      ) : (
        <>
          {view.hasOlder && <OlderButton />}
          <ChatMessages messages={view.messages} pending={view.pending} />
        </>
      )}
      <ChatComposer />
    </>
  );
}

/** Visitors: the help centre, and a way to sign in to talk to support. */
function Visitor() {
  const { t } = useTranslation(['content', 'common']);
  return (
    <>
      <div className="kefu-signin" data-testid="kefu-signin">
        <p>{t('kefu.signIn')}</p>
        <SignInLink className="btn btn--primary btn--small">{t('common:actions.login')}</SignInLink>
      </div>
      <HelpCentre />
    </>
  );
}

/** /pages/mine/kefu (tab 3): the support chat, or the help centre for visitors; pull-to-refresh. */
export function KefuPage() {
  const { t } = useTranslation('content');
  const { core } = useCore();
  const { user } = useUser();
  const refresh = useCallback(() => (user ? core.kefuRefresh() : Promise.resolve()), [core, user]);
  return (
    <Screen
      onRefresh={refresh}
      right={
        user ? (
          <Link
            className="icon-btn"
            to="/pages/home/news?tab=help"
            aria-label={t('help.tab')}
            data-testid="kefu-help"
          >
            <Icon name="info" size={22} />
          </Link>
        ) : undefined
      }
    >
      {user ? <Conversation /> : <Visitor />}
    </Screen>
  );
}
