import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UserInfo } from '../../../../domain/endpoints';
import { Icon } from '../../../components/icons';
import { Screen } from '../../../components/screen';
import { useTranslation } from '../../../i18n/use-translation';
import { RequireUser } from '../../../components/require-user';
import { AgentAddForm } from './agent-add-form';
import { AuthCodeCard } from './auth-code-card';
import { LoadState } from '../../../components/load-state';
import { InviteShare } from './invite-share';
import { TeamLists } from './team-lists';
import { TeamStats } from './team-stats';
import { useTeam } from './use-team';
import { DataAge } from '../../../components/data-age';
import '../../../styles/identity.css';

function InviteBody({ user }: { user: UserInfo }) {
  const { t } = useTranslation('identity');
  const { summary, savedAt, failed, reload } = useTeam();
  const [version, setVersion] = useState(0);
  const [params] = useSearchParams();
  const view = params.get('view');
  // Home's "team" and "share link" entries land on their section.
  useEffect(() => {
    if (view !== 'team' && view !== 'share') return;
    document.getElementById(view)?.scrollIntoView({ block: 'start' });
  }, [view, summary]);
  const level = summary?.level ?? user.level;
  return (
    <>
      {/* The code and link are the user's own: shown at once, offline too. */}
      <InviteShare promoCode={summary?.promoCode ?? user.promoCode} />
      <DataAge at={savedAt} says="asOf" testId="team-saved" />
      {summary ? (
        <TeamStats summary={summary} />
      ) : (
        <LoadState
          failed={failed}
          onRetry={() => void reload()}
          failedText={t('loadFailed')}
          testId="identity"
        />
      )}
      <TeamLists key={version} />
      <AuthCodeCard />
      {level === 'agent' ? (
        <AgentAddForm
          onAdded={() => {
            setVersion((v) => v + 1);
            void reload();
          }}
        />
      ) : (
        <p className="note identity-note">
          <Icon name="info" size={16} />
          {t('invite.becomeAgent')}
        </p>
      )}
    </>
  );
}

/** /pages/mine/invite: promotion code, QR code and link, the team, rebates and agents' additions. */
export function InvitePage() {
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>{(user) => <InviteBody user={user} />}</RequireUser>
    </Screen>
  );
}
