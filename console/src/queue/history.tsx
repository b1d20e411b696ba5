import { useEffect, useState } from 'react';
import type { OpsAuditRow } from '../../../domain/ops-api';
import { useCall } from '../core/use-call';
import { useShow } from './use-show';

/** The audit trail's rows of one record, newest first. */
export function History({
  targetType,
  targetId,
  stamp,
}: {
  targetType: string;
  targetId: string;
  stamp: number;
}) {
  const show = useShow();
  const call = useCall();
  const [rows, setRows] = useState<OpsAuditRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void call('actions/of', { targetType, targetId }).then((r) => {
      if (live) setRows(r ?? []);
    });
    return () => {
      live = false;
    };
  }, [call, targetType, targetId, stamp]);
  return (
    <section className="card" data-testid="history">
      <h2 className="card__title">{show.t('detail.history')}</h2>
      {rows === null ? (
        <p className="loading">…</p>
      ) : rows.length === 0 ? (
        <p className="empty">{show.t('detail.noHistory')}</p>
      ) : (
        <ol className="history">
          {rows.map((a) => (
            <li key={a.id}>
              <span className="history__when">{show.moment(a.createdAt)}</span> <strong>{a.operator}</strong>{' '}
              <code>{a.action}</code>
              {a.detail && a.detail !== '{}' && <pre className="history__detail">{a.detail}</pre>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
