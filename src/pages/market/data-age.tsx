import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './use-locale';
import { useNow } from './use-now';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `3 min ago`, `yesterday`, `now` in the UI language. */
export function formatAge(at: number, now: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now - at);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return rtf.format(-Math.floor(elapsed / ms), unit);
  }
  return rtf.format(0, 'second');
}

/**
 * "Updated 3 min ago": how old the shown data is, for data from the device cache or while the
 * socket is not streaming. Renders nothing when `at` is null.
 */
export function DataAge({ at, testId }: { at: number | null; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow();
  if (at === null) return null;
  return (
    <span className="data-age" data-testid={testId}>
      <span className="data-age__dot" aria-hidden="true" />
      {t('updatedAgo', { age: formatAge(at, now, locale) })}
    </span>
  );
}
