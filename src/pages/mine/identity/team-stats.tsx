import type { TeamSummary } from '../../../../domain/identity-endpoints';
import { formatNumber } from '../../../../domain/display';
import { usePrefs } from '../../../core/contexts';
import { formatCount } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { useBcp47 } from './use-bcp47';
import { sharePoints } from './share-link';

/** Direct headcount, active count and rebate income, with the published rebate rule. */
export function TeamStats({ summary }: { summary: TeamSummary }) {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const locale = useBcp47();
  const pct = `${formatNumber(sharePoints(summary.rebateShare), { locale, decimals: 4, trim: true })} %`;
  return (
    <section className="card team-stats" id="team" data-testid="team-stats">
      <h2 className="card__title">{t('invite.team')}</h2>
      <div className="team-stats__grid">
        <div className="stat">
          <span className="stat__value" data-testid="team-direct">
            {formatCount(summary.direct, lang)}
          </span>
          <span className="stat__label identity-note">{t('invite.direct')}</span>
        </div>
        <div className="stat">
          <span className="stat__value" data-testid="team-active">
            {formatCount(summary.active, lang)}
          </span>
          <span className="stat__label identity-note">
            {t('invite.active', { days: summary.activeDays, count: summary.activeDays })}
          </span>
        </div>
      </div>
      <p className="team-stats__label">{t('invite.rebates')}</p>
      {summary.rebates.length === 0 ? (
        <p className="team-stats__none" data-testid="team-rebate-total">
          {t('invite.noRebates')}
        </p>
      ) : (
        <ul className="team-stats__totals" data-testid="team-rebate-total">
          {summary.rebates.map((r) => (
            <li key={r.coin}>
              <span className="mono">{formatNumber(r.amount, { locale, decimals: 8, trim: true })}</span>{' '}
              {r.coin}
            </li>
          ))}
        </ul>
      )}
      <p className="note identity-note">{t('invite.rebateRule', { pct })}</p>
      <p className="note identity-note">
        {t('invite.activeHint', { days: summary.activeDays, count: summary.activeDays })}
      </p>
    </section>
  );
}
