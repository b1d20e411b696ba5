import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Pager } from '../components/pager';
import { useCall } from '../core/use-call';
import { useLoad } from '../core/use-load';
import { statusKey, type QueueItem, type QueueSpec } from './spec';
import { WaitingCount } from './waiting-count';
import { useShow } from './use-show';

/** Rows per page. */
export const PAGE_SIZE = 20;

/** A queue's list: a status filter (waiting ones first), newest first, paged. */
export function QueueList<T extends QueueItem>({ spec }: { spec: QueueSpec<T> }) {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const navigate = useNavigate();
  const [status, setStatus] = useState(spec.statuses[0] ?? '');
  const [before, setBefore] = useState<number | null>(null);
  const load = useCallback(async () => {
    const data = await call(spec.route, {
      status,
      limit: PAGE_SIZE,
      ...(before !== null && { before }),
    } as never);
    return (data as T[] | null) ?? [];
  }, [call, spec.route, status, before]);
  const { data: rows, reload } = useLoad(load);
  const last = rows && rows.length === PAGE_SIZE ? rows[rows.length - 1]!.id : null;
  return (
    <section className="page" data-testid={`queue-${spec.route}`}>
      <header className="page__head">
        <h1 className="page__title">
          {t(spec.title)} {spec.countKey && <WaitingCount which={spec.countKey} />}
        </h1>
        <label className="filter">
          <span>{t('queue.status')}</span>
          <select
            data-testid="status-filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setBefore(null);
            }}
          >
            {spec.statuses.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(spec, s))}
              </option>
            ))}
            <option value="">{t('status.all')}</option>
          </select>
        </label>
        <button type="button" className="btn" onClick={reload}>
          {t('action.refresh')}
        </button>
      </header>
      {rows === undefined ? (
        <p className="loading">…</p>
      ) : rows.length === 0 ? (
        <p className="empty" data-testid="queue-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>#</th>
                {spec.columns.map((c) => (
                  <th key={c.label}>{t(c.label)}</th>
                ))}
                <th>{t('queue.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className="table__row--link"
                  data-testid="queue-row"
                  tabIndex={0}
                  onClick={() => navigate(String(row.id), { state: row })}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(String(row.id), { state: row })}
                >
                  <td className="num">{row.id}</td>
                  {spec.columns.map((c) => (
                    <td key={c.label} data-label={t(c.label)}>
                      {c.value(row, show)}
                    </td>
                  ))}
                  <td>
                    <span className={`badge badge--${row.status}`}>{t(statusKey(spec, row.status))}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager atStart={before === null} next={last} onFirst={() => setBefore(null)} onNext={setBefore} />
    </section>
  );
}
