import type { MerchantInfo } from '../../../domain/legal';
import { NO_NUMBER } from '../../../domain/display';
import { Icon } from '../../components/icons';
import { usePrefs } from '../../core/contexts';
import { formatCount } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { durationParts, rateText } from './legal-format';

/** A merchant's card: name, the three verification levels and the statistics from the timelines. */
export function MerchantHeader({ merchant }: { merchant: MerchantInfo }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const s = merchant.stats;
  const release = s.medianReleaseSec30d === null ? null : durationParts(s.medianReleaseSec30d);
  const stats: Array<[string, string, string]> = [
    ['orders30d', t('store.stats.orders30d'), formatCount(s.orders30d, lang)],
    ['completion', t('store.stats.completion'), rateText(s.completionRate30d, lang)],
    ['release', t('store.stats.release'), release ? t(`time.${release.unit}`, { n: release.n }) : NO_NUMBER],
    ['total', t('store.stats.total'), formatCount(s.ordersTotal, lang)],
    ['completed', t('store.stats.completed'), formatCount(s.completedTotal, lang)],
  ];
  return (
    <section className="card legal-merchant" data-testid="merchant-header">
      <div className="legal-merchant__top">
        <span className="legal-avatar legal-avatar--big" aria-hidden="true">
          {merchant.nickname.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 className="card__title" data-testid="merchant-name">
            {merchant.nickname}
          </h2>
          <p className="legal-merchant__since">
            {t('store.since', { date: formatMs(merchant.since, lang) })} ·{' '}
            {t('store.registered', { date: formatMs(merchant.registeredAt, lang) })}
          </p>
        </div>
      </div>
      <ul className="legal-levels">
        {(['mobile', 'realName', 'advanced'] as const).map((k) => (
          <li
            key={k}
            className={`legal-level${merchant.levels[k] ? ' legal-level--on' : ''}`}
            data-on={merchant.levels[k]}
          >
            <Icon name={merchant.levels[k] ? 'check' : 'lock'} size={14} />
            {t(`store.levels.${k}`)}
          </li>
        ))}
      </ul>
      <dl className="legal-stats">
        {stats.map(([k, label, value]) => (
          <div key={k} data-testid={`stat-${k}`}>
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
