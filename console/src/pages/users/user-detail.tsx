import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { OpsUserDetail } from '../../../../domain/ops-api';
import { ReasonDialog } from '../../components/reason-dialog';
import { moment } from '../../core/format';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { Balances, Journal, OpenOrders, Positions } from './user-sections';
import { AccessBadge } from './user-search';
import { accessAction } from './user-logic';

/** The user's profile and access: the only thing an operator changes here is the access (admins). */
function Profile({ detail, onAccess }: { detail: OpsUserDetail; onAccess: () => void }) {
  const { t, locale } = useTranslation();
  const mayFreeze = useDuty('admin');
  const { user } = detail;
  const rows: [string, ReactNode][] = [
    [t('people.users.id'), user.id],
    [t('field.account'), user.account],
    [t('people.users.nickname'), user.nickname || '—'],
    [t('people.users.registered'), moment(user.createdAt, locale)],
    [
      t('people.users.kyc'),
      <span key="kyc" className={`badge badge--${user.kycStatus}`} data-testid="user-kyc">
        {t(`people.kyc.${user.kycStatus}`, { defaultValue: user.kycStatus })}
      </span>,
    ],
    [t('people.users.access'), <AccessBadge key="access" frozen={user.frozen} />],
  ];
  if (user.frozen) rows.push([t('people.users.frozenBecause'), user.freezeReason ?? '—']);
  const action = accessAction(user);
  return (
    <section className="card" data-testid="user-profile">
      <h2 className="card__title">{t('people.users.profile')}</h2>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {mayFreeze && (
        <div className="decisions">
          <button
            type="button"
            className={`btn ${action === 'freeze' ? 'btn--danger' : 'btn--primary'}`}
            data-testid={`user-${action}`}
            onClick={onAccess}
          >
            {t(`people.users.${action}`)}
          </button>
        </div>
      )}
    </section>
  );
}

/** One user, read-only: profile, access, balances, open orders and positions, the newest journal. */
export function UserDetail() {
  const { t } = useTranslation();
  const call = useCall();
  const id = Number(useParams().id);
  // The search this user was opened from, to go back to its hits.
  const from = (useLocation().state as { q?: string } | null)?.q;
  const valid = Number.isSafeInteger(id) && id > 0;
  const load = useCallback(
    async (): Promise<OpsUserDetail | null> => (valid ? call('users/get', { id }) : null),
    [call, id, valid],
  );
  const { data: detail, reload, update } = useLoad(load);
  const [asking, setAsking] = useState(false);

  const changeAccess = async (reason: string) => {
    if (!detail) return;
    const action = accessAction(detail.user);
    const hit = await call(`users/${action}`, { id: detail.user.id, reason });
    // The dialog stays open with the reason typed when the server refused.
    if (!hit) return;
    update((d) => d && { ...d, user: { ...d.user, ...hit, freezeReason: hit.frozen ? reason : null } });
    setAsking(false);
    toast.success(t(`people.users.${action}Done`, { account: hit.account }));
  };

  const back = (
    <Link
      to={{ pathname: '..', search: from ? `?q=${encodeURIComponent(from)}` : '' }}
      relative="path"
      className="btn btn--ghost"
      data-testid="user-back"
    >
      ← {t('people.nav.users')}
    </Link>
  );
  if (detail === undefined) return <p className="loading">…</p>;
  if (detail === null) {
    return (
      <section className="page" data-testid="user-error">
        <header className="page__head">{back}</header>
        <div className="empty">
          <p>{t('people.loadFailed')}</p>
          {valid && (
            <button type="button" className="btn" onClick={reload}>
              {t('people.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }
  const action = accessAction(detail.user);
  return (
    <section className="page" data-testid="user-detail">
      <header className="page__head">
        {back}
        <h1 className="page__title">
          {detail.user.account} <span className="user-id">#{detail.user.id}</span>
        </h1>
        <button type="button" className="btn" onClick={reload} data-testid="user-refresh">
          {t('action.refresh')}
        </button>
      </header>
      <div className="user-grid">
        <Profile detail={detail} onAccess={() => setAsking(true)} />
        <Balances balances={detail.balances} />
      </div>
      <OpenOrders orders={detail.openOrders} />
      <Positions positions={detail.positions} />
      <Journal lines={detail.journal} />
      {asking && (
        <ReasonDialog
          title={t(`people.users.${action}Title`, { account: detail.user.account })}
          label={t(`people.users.${action}Ask`)}
          confirm={t(`people.users.${action}`)}
          danger={action === 'freeze'}
          onSubmit={changeAccess}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
