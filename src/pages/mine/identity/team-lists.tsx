import { useState } from 'react';
import type { RebateLine, TeamMember } from '../../../../domain/identity-endpoints';
import { formatNumber } from '../../../../domain/display';
import { Spinner } from '../../../components/spinner';
import { usePrefs } from '../../../core/contexts';
import { AsOf } from '../../../components/as-of';
import { formatDateTime } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { useBcp47 } from './use-bcp47';
import { useTeamList, type TeamList } from './use-team-list';

const iso = (ms: number) => new Date(ms).toISOString();

function More<T>({ pages }: { pages: TeamList<T> }) {
  const { t } = useTranslation(['identity', 'common']);
  if (pages.failed) {
    return (
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void pages.reload()}>
        {t('common:actions.retry')}
      </button>
    );
  }
  if (!pages.items || pages.done) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small btn--block"
      disabled={pages.loading}
      onClick={() => void pages.more()}
    >
      {pages.loading && <Spinner size={16} />}
      {t('invite.more')}
    </button>
  );
}

function Members({ pages }: { pages: TeamList<TeamMember> }) {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  if (!pages.items) return pages.failed ? null : <Spinner size={24} />;
  if (pages.items.length === 0)
    return (
      <p className="team-empty" data-testid="team-empty">
        {t('invite.noMembers')}
      </p>
    );
  return (
    <ul className="team-list" data-testid="team-members">
      {pages.items.map((m) => (
        <li key={m.id} className="team-list__row">
          <span className="team-list__main">
            <span className="mono">{m.account}</span>
            <span className="team-list__sub">
              {t('invite.joined', { date: formatDateTime(iso(m.joinedAt), lang) })}
            </span>
          </span>
          <span className={`badge${m.active ? ' badge--up' : ''}`}>
            {m.active ? t('invite.activeBadge') : t('invite.inactiveBadge')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Rebates({ pages }: { pages: TeamList<RebateLine> }) {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const locale = useBcp47();
  if (!pages.items) return pages.failed ? null : <Spinner size={24} />;
  if (pages.items.length === 0) return <p className="team-empty">{t('invite.noRebates')}</p>;
  return (
    <ul className="team-list" data-testid="team-rebates">
      {pages.items.map((r) => (
        <li key={r.id} className="team-list__row">
          <span className="team-list__main">
            <span>{t('invite.fromTrade', { symbol: r.symbol, id: r.tradeId, from: r.from })}</span>
            <span className="team-list__sub">
              {formatDateTime(iso(r.createdAt), lang)} ·{' '}
              {t('invite.fee', {
                fee: `${formatNumber(r.fee, { locale, decimals: 8, trim: true })} ${r.coin}`,
              })}
            </span>
          </span>
          <span className="team-list__amount mono">
            +{formatNumber(r.amount, { locale, decimals: 8, trim: true })} {r.coin}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Members and rebate records, one at a time, each paged. */
export function TeamLists() {
  const { t } = useTranslation('identity');
  const [tab, setTab] = useState<'members' | 'rebates'>('members');
  const members = useTeamList('team/members');
  const rebates = useTeamList('team/rebates');
  return (
    <section className="card team-lists">
      <div className="segmented" role="tablist">
        {(['members', 'rebates'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`segmented__item${tab === k ? ' segmented__item--active' : ''}`}
            onClick={() => setTab(k)}
            data-testid={`team-tab-${k}`}
          >
            {t(k === 'members' ? 'invite.members' : 'invite.rebateLines')}
          </button>
        ))}
      </div>
      <AsOf time={tab === 'members' ? members.time : rebates.time} testId="team-as-of" />
      {tab === 'members' ? <Members pages={members} /> : <Rebates pages={rebates} />}
      {tab === 'members' ? <More pages={members} /> : <More pages={rebates} />}
    </section>
  );
}
