import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OpsAuditRow } from '../../../../domain/ops-api';
import { Pager } from '../../components/pager';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';

const PAGE_SIZE = 50;

interface Search {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
}

const EMPTY: Search = { operator: '', action: '', targetType: '', targetId: '' };

/** Only the filled fields: the server matches each exactly. */
const filled = (s: Search): Partial<Search> =>
  Object.fromEntries(
    Object.entries(s)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** The audit trail: search by operator, action and target; newest first, paged. */
export function Page() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const form = useForm<Search>({ defaultValues: EMPTY });
  const [search, setSearch] = useState<Search>(EMPTY);
  const [before, setBefore] = useState<number | null>(null);
  const load = useCallback(
    async (): Promise<OpsAuditRow[]> =>
      (await call('actions', { ...filled(search), limit: PAGE_SIZE, ...(before !== null && { before }) })) ??
      [],
    [call, search, before],
  );
  const { data: rows } = useLoad(load);
  const last = rows && rows.length === PAGE_SIZE ? rows[rows.length - 1]!.id : null;
  const fields: (keyof Search)[] = ['operator', 'action', 'targetType', 'targetId'];
  return (
    <section className="page" data-testid="audit">
      <header className="page__head">
        <h1 className="page__title">{t('nav.audit')}</h1>
      </header>
      <form
        className="search"
        onSubmit={form.handleSubmit((s) => {
          setSearch(s);
          setBefore(null);
        })}
      >
        {fields.map((f) => (
          <label key={f} className="search__field">
            <span>{t(`audit.${f}`)}</span>
            <input {...form.register(f)} data-testid={`audit-${f}`} autoCapitalize="none" />
          </label>
        ))}
        <button type="submit" className="btn btn--primary" data-testid="audit-search">
          {t('action.search')}
        </button>
      </form>
      {rows === undefined ? (
        <p className="loading">…</p>
      ) : rows.length === 0 ? (
        <p className="empty">{t('queue.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('audit.when')}</th>
                <th>{t('audit.operator')}</th>
                <th>{t('audit.action')}</th>
                <th>{t('audit.target')}</th>
                <th>{t('audit.ip')}</th>
                <th>{t('audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid="audit-row">
                  <td data-label={t('audit.when')}>{moment(a.createdAt, locale)}</td>
                  <td data-label={t('audit.operator')}>{a.operator}</td>
                  <td data-label={t('audit.action')}>
                    <code>{a.action}</code>
                  </td>
                  <td data-label={t('audit.target')}>
                    {a.targetType} {a.targetId}
                  </td>
                  <td data-label={t('audit.ip')}>{a.ip ?? '—'}</td>
                  <td data-label={t('audit.detail')} className="table__detail">
                    <code className="wrap">{a.detail}</code>
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
