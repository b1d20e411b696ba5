import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import type { UserInfo } from '../../../domain/endpoints';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useRefreshUser } from '../../core/use-refresh-user';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { ListGroup, ListRow } from '../../components/list';
import { Screen } from '../../components/screen';
import { usePrefs } from '../../core/contexts';
import { formatCount } from '../../i18n/format';

function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation(['mine', 'common']);
  const { lang } = usePrefs();
  return (
    <section className="profile" data-testid="profile">
      <div className="profile__head">
        <span className="avatar" aria-hidden="true">
          {user.account.slice(0, 1).toUpperCase()}
        </span>
        <div className="profile__who">
          <p className="profile__account">{user.account}</p>
          <p className="profile__meta">
            {t('index.uid')} {user.id}
            <span className="badge">{t(`common:level.${user.level}`)}</span>
            <span className={`badge badge--kyc-${user.kyc}`}>{t(`common:kyc.${user.kyc}`)}</span>
          </p>
        </div>
      </div>
      <div className="profile__stats">
        <Link className="stat" to="/pages/home/ping">
          <span className="stat__value">{formatCount(user.creditScore, lang)}</span>
          <span className="stat__label">{t('index.credit')}</span>
        </Link>
        <div className="stat">
          <span className="stat__value stat__value--row">
            <span className="mono">{user.promoCode}</span>
            <CopyButton text={user.promoCode} />
          </span>
          <span className="stat__label">{t('index.promo')}</span>
        </div>
      </div>
    </section>
  );
}

function SignedOutCard() {
  const { t } = useTranslation(['mine', 'common']);
  return (
    <section className="profile profile--guest">
      <span className="avatar avatar--guest" aria-hidden="true">
        <Icon name="user" size={28} />
      </span>
      <p className="profile__guest-text">{t('index.signedOut')}</p>
      <div className="button-row">
        <Link className="btn btn--primary" to="/pages/mine/login">
          {t('common:actions.login')}
        </Link>
        <Link className="btn btn--secondary" to="/pages/mine/register">
          {t('common:actions.register')}
        </Link>
      </div>
    </section>
  );
}

/** /pages/mine/index: the personal center (tab 4). */
export function MineIndexPage() {
  const { t } = useTranslation(['mine', 'common']);
  const { user, setUser } = useUser();
  const call = useCall();
  const refreshUser = useRefreshUser();

  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  const logout = async () => {
    const out = await call('user/logout', {});
    if (!out.ok) return;
    setUser(null);
    toast.success(t('index.loggedOut'));
  };

  return (
    <Screen onRefresh={refreshUser}>
      {user ? <ProfileCard user={user} /> : <SignedOutCard />}
      <ListGroup title={t('index.sections.account')}>
        <ListRow icon="user" label={t('common:pages.mine.userCenter')} to="/pages/mine/userCenter" />
        <ListRow
          icon="shield"
          label={t('common:pages.mine.security')}
          to="/pages/mine/security"
          testId="to-security"
        />
        <ListRow
          icon="people"
          label={t('common:pages.mine.real_authentication')}
          value={user ? t(`common:kyc.${user.kyc}`) : undefined}
          to="/pages/mine/real_authentication"
        />
        <ListRow icon="gift" label={t('common:pages.mine.invite')} to="/pages/mine/invite" />
      </ListGroup>
      <ListGroup title={t('index.sections.funds')}>
        <ListRow icon="wallet" label={t('common:pages.assets.assets')} to="/pages/assets/assets" />
        <ListRow icon="coins" label={t('common:pages.mine.collect_money')} to="/pages/mine/collect_money" />
        <ListRow icon="card" label={t('common:pages.mine.card')} to="/pages/mine/card" />
      </ListGroup>
      {user && (
        <button type="button" className="btn btn--danger-ghost btn--block" onClick={() => void logout()}>
          <Icon name="logout" size={18} />
          {t('common:actions.logout')}
        </button>
      )}
    </Screen>
  );
}
