import type { KycView } from '../../../../domain/identity-endpoints';
import { Icon, type IconName } from '../../../components/icons';
import { usePrefs } from '../../../core/contexts';
import { formatDateTime } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';

const ICONS: Record<KycView['state'], IconName> = {
  none: 'shield',
  review: 'hourglass',
  verified: 'check',
  rejected: 'info',
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The state of the caller's verification, with the latest submission and an operator's reason. */
export function KycStatusCard({ view }: { view: KycView }) {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const s = view.submission;
  return (
    <section className={`card kyc-status kyc-status--${view.state}`} data-testid="kyc-status">
      <div className="kyc-status__head">
        <span className="kyc-status__icon" aria-hidden="true">
          <Icon name={ICONS[view.state]} size={24} />
        </span>
        <h2 className="kyc-status__title" data-testid="kyc-state" data-state={view.state}>
          {t(`kyc.state.${view.state}`)}
        </h2>
      </div>
      {view.state === 'review' && s && (
        <p className="card__text">{t('kyc.reviewText', { date: formatDateTime(iso(s.createdAt), lang) })}</p>
      )}
      {view.state === 'verified' && <p className="card__text">{t('kyc.verifiedText')}</p>}
      {view.state === 'rejected' && s && (
        <>
          <p className="card__text">{t('kyc.rejectedText')}</p>
          <p className="kyc-status__reason" data-testid="kyc-reason">
            {s.reason}
          </p>
          <p className="card__text">{t('kyc.resubmit')}</p>
        </>
      )}
      {s && view.state !== 'rejected' && (
        <dl className="kyc-status__facts">
          <dt>{t('kyc.summary.name')}</dt>
          <dd>{s.name}</dd>
          <dt>{t('kyc.summary.doc')}</dt>
          <dd>{t(`kyc.doc.${s.docType}`)}</dd>
          <dt>{t('kyc.summary.number')}</dt>
          <dd className="mono">{s.idNumber}</dd>
          <dt>{t('kyc.summary.sent')}</dt>
          <dd>{formatDateTime(iso(s.createdAt), lang)}</dd>
          {s.decidedAt !== null && (
            <>
              <dt>{t('kyc.summary.decided')}</dt>
              <dd>{formatDateTime(iso(s.decidedAt), lang)}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
