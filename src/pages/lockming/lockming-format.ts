import { formatNumber, NO_NUMBER } from '../../../domain/display';
import { BCP47, type Lang } from '../../../domain/locale';

/**
 * A fraction such as `0.0005` (a daily rate) or `0.182500` (a yield) as percent text, `0.05%`: the
 * decimal point is moved two places in the text, so no binary arithmetic touches it. Null is a dash.
 */
export function percentText(fraction: string | null, lang: Lang, decimals = 4): string {
  if (fraction === null) return NO_NUMBER;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(fraction);
  if (!m) return NO_NUMBER;
  const frac = (m[2] ?? '').padEnd(2, '0');
  const whole = `${m[1]}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const points = `${whole}.${frac.slice(2) || '0'}`;
  return `${formatNumber(points, { locale: BCP47[lang], decimals, trim: true })}%`;
}

/** A day as the reader's locale writes it (maturity dates, savings expiry), in UTC: payouts are UTC instants. */
export function dayText(ms: number | null, lang: Lang): string {
  if (ms === null) return NO_NUMBER;
  return new Intl.DateTimeFormat(BCP47[lang], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(ms));
}

/** What the title needs: a lock names its coin and period, savings its coin. */
type Titled = { kind: 'lock' | 'savings'; coin: string; days: number | null };

/** A product's or position's title in the reader's language (`lockming:title.*`). */
export function productTitle(
  t: (key: 'title.lock' | 'title.savings', values: Record<string, unknown>) => string,
  p: Titled,
): string {
  return p.kind === 'lock'
    ? t('title.lock', { coin: p.coin, count: p.days ?? 0 })
    : t('title.savings', { coin: p.coin });
}
