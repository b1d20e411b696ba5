import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OpsQueueCounts } from '../../../../domain/ops-api';
import { onOpsEvent } from '../../core/api';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';

/** The dashboard's tiles: a count, its label, and the page that works it off (a path below `/ops`). */
const TILES: { key: keyof OpsQueueCounts; label: string; to?: string }[] = [
  { key: 'kyc', label: 'nav.kyc', to: '/kyc' },
  { key: 'bankDeposits', label: 'nav.bankDeposits', to: '/bank-deposits' },
  { key: 'withdrawals', label: 'nav.withdrawals', to: '/withdrawals' },
  { key: 'merchantApplications', label: 'queue.merchantApplications', to: '/merchant-applications' },
  { key: 'appeals', label: 'queue.appeals', to: '/appeals' },
  { key: 'listings', label: 'queue.listings', to: '/listings' },
  { key: 'inboxUnread', label: 'queue.inboxUnread', to: '/inbox' },
];

/** Queue counts from `queues`, then live from the socket's `queues` events. */
export function Page() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const [counts, setCounts] = useState<OpsQueueCounts | null>(null);
  useEffect(() => {
    let live = true;
    void call('queues', {}).then((c) => live && c && setCounts((now) => now ?? c));
    const off = onOpsEvent((e) => {
      if (e.type === 'queues') setCounts(e.counts);
    });
    return () => {
      live = false;
      off();
    };
  }, [call]);
  const number = new Intl.NumberFormat(locale);
  return (
    <section className="page" data-testid="dashboard">
      <header className="page__head">
        <h1 className="page__title">{t('nav.dashboard')}</h1>
      </header>
      <div className="tiles">
        {TILES.map((tile) => {
          const value = counts ? number.format(counts[tile.key]) : '…';
          const body = (
            <>
              <span className="tile__count" data-testid={`count-${tile.key}`}>
                {value}
              </span>
              <span className="tile__label">{t(tile.label)}</span>
            </>
          );
          const waiting = counts !== null && counts[tile.key] > 0;
          const cls = `tile${waiting ? ' tile--waiting' : ''}`;
          return tile.to ? (
            <Link key={tile.key} to={tile.to} className={`${cls} tile--link`}>
              {body}
            </Link>
          ) : (
            <div key={tile.key} className={cls}>
              {body}
            </div>
          );
        })}
      </div>
    </section>
  );
}
