import { formatNumber } from '../../../domain/display';
import type { SecondTermsInfo } from '../../../domain/second-endpoints';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';
import { pctOf } from './second-format';

/** The published rule and the catalog's numbers, in the user's language. */
export function RulesSheet(props: { open: boolean; terms: SecondTermsInfo; onClose(): void }) {
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  const { terms } = props;
  const fmt = (v: string) => formatNumber(v, { locale, decimals: terms.stakeDecimals });
  return (
    <Dialog
      open={props.open}
      title={t('rules.title')}
      onDismiss={props.onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={props.onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      <div className="second-rules" data-testid="rules-sheet">
        <p>{t('rules.entry')}</p>
        <p>{t('rules.exit')}</p>
        <p>{t('rules.outcome')}</p>
        <p>{t('rules.payout', { decimals: terms.stakeDecimals, count: terms.stakeDecimals })}</p>
        <p>
          {t('rules.stale', {
            seconds: Math.round(terms.staleMs / 1000),
            count: Math.round(terms.staleMs / 1000),
          })}
        </p>
        <p>{t('rules.honest')}</p>
        <h3 className="receipt__heading">{t('rules.table')}</h3>
        <table className="second-rules__table">
          <thead>
            <tr>
              <th>{t('duration')}</th>
              <th>{t('rules.rate')}</th>
              <th>{t('rules.min')}</th>
              <th>{t('rules.max')}</th>
            </tr>
          </thead>
          <tbody>
            {terms.durations.map((d) => (
              <tr key={d.seconds}>
                <td>{t('seconds', { n: d.seconds })}</td>
                <td>{`${formatNumber(pctOf(d.payoutRate), { locale, decimals: 2, trim: true })}\u00a0%`}</td>
                <td>{fmt(d.minStake)}</td>
                <td>{fmt(d.maxStake)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="second-muted">{terms.coin}</p>
      </div>
    </Dialog>
  );
}
