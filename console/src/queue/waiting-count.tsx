import { useEffect, useState } from 'react';
import type { OpsQueueCounts } from '../../../domain/ops-api';
import { onOpsEvent } from '../core/api';
import { useCall } from '../core/use-call';
import { useTranslation } from '../core/use-translation';

/** How many items of a queue wait (from `queues`, then live from the socket), as a badge. */
export function WaitingCount({ which }: { which: keyof OpsQueueCounts }) {
  const { t, locale } = useTranslation();
  const call = useCall();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void call('queues', {}).then((c) => live && c && setCount((now) => now ?? c[which]));
    const off = onOpsEvent((e) => {
      if (e.type === 'queues') setCount(e.counts[which]);
    });
    return () => {
      live = false;
      off();
    };
  }, [call, which]);
  if (count === null) return null;
  return (
    <span
      className={`badge${count > 0 ? ' badge--review' : ''}`}
      data-testid="waiting-count"
      title={t('reviews.waiting', { count })}
    >
      {t('reviews.waiting', { count: new Intl.NumberFormat(locale).format(count) })}
    </span>
  );
}
