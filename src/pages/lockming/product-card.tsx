import type { ReactNode } from 'react';
import type { LockmingProduct } from '../../../domain/lockming-types';
import { CoinAmount } from '../../components/coin-amount';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { dayText, percentText, productTitle } from './lockming-format';

/** One product: period, rates, bounds and the room left, with its lock button. */
export function ProductCard({
  p,
  selected,
  onPick,
}: {
  p: LockmingProduct;
  selected: boolean;
  onPick(): void;
}) {
  const { t } = useTranslation('lockming');
  const { lang } = usePrefs();
  const coin = (v: string | null) => <CoinAmount value={v} coin={p.coin} />;
  const rows: [string, ReactNode, string][] = [
    [
      t('fields.period'),
      p.kind === 'lock'
        ? t('periodDays', { count: p.days ?? 0 })
        : t('fields.flexible', { date: dayText(p.closesAt, lang) }),
      'period',
    ],
    [t('fields.dailyRate'), percentText(p.dailyRate, lang), 'rate'],
    [
      t('fields.referenceYield'),
      p.referenceYield === null ? t('fields.noPayouts') : percentText(p.referenceYield, lang, 2),
      'yield',
    ],
    [t('fields.minAmount'), coin(p.minAmount), 'min'],
    [t('fields.remaining'), coin(p.remaining), 'remaining'],
    [t('fields.subscribed'), coin(p.subscribed), 'subscribed'],
    [t('fields.total'), p.total === null ? t('fields.noTotal') : coin(p.total), 'total'],
    [
      t('fields.earlyRedeem'),
      p.kind === 'savings' ? t('fields.anyTime') : p.earlyRedeem ? t('fields.earlyYes') : t('fields.earlyNo'),
      'early',
    ],
  ];
  return (
    <article
      className={`order-card lockming-card${selected ? ' lockming-card--selected' : ''}`}
      data-testid="lockming-product"
      data-id={p.id}
      data-kind={p.kind}
    >
      <header className="order-card__head">
        <span className="order-card__pair">{productTitle(t, p)}</span>
        <span className={`order-status order-status--${p.status}`}>{t(`status.${p.status}`)}</span>
      </header>
      {/* The operator's own name for it, as entered (not translated). */}
      <p className="lockming-card__name muted" data-testid="lockming-name">
        {p.name}
      </p>
      <dl className="order-card__grid order-card__grid--2">
        {rows.map(([label, value, id]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`lockming-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <footer className="order-card__foot">
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={onPick}
          disabled={p.status !== 'open'}
          aria-expanded={selected}
          data-testid="lockming-pick"
        >
          {p.kind === 'lock' ? t('lock') : t('subscribe')}
        </button>
      </footer>
    </article>
  );
}
