import { useState } from 'react';
import { formatAsOf } from '../../../components/as-of-format';
import { useTranslation } from '../../../i18n/use-translation';
import { useBcp47 } from './use-bcp47';

/**
 * "As of 14:02" for an answer shown from the device's copy; nothing once the live answer is in (`at`
 * null). The time the copy was saved, not its age: "updated now" over a copy read offline a minute
 * after it was saved told the user it was live (issue 29).
 */
export function SavedAge({ at, testId }: { at: number | null; testId?: string }) {
  const { t } = useTranslation();
  const locale = useBcp47();
  // "Today" is judged against when the page showed it; the saved time itself never changes.
  const [now] = useState(Date.now);
  if (at === null) return null;
  return (
    <span className="data-age" data-testid={testId}>
      <span className="data-age__dot" aria-hidden="true" />
      {t('offline.asOf', { time: formatAsOf(at, now, locale) })}
    </span>
  );
}
