import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { OpsAuditRow } from '../../../../domain/ops-api';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { type Column } from '../../lists/data-table';
import { PagedTable } from '../../lists/paged-table';
import { ListPage } from '../../lists/list-page';
import { useServerList, type PageAt } from '../../lists/use-list';

/** Rows per page: more than a queue's, the trail is read by scanning. */
const PAGE_SIZE = 50;

interface Search {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
}

const EMPTY: Search = { operator: '', action: '', targetType: '', targetId: '' };
const FIELDS: (keyof Search)[] = ['operator', 'action', 'targetType', 'targetId'];

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
  const read = useCallback(
    (search: Search, page: PageAt) => call('actions', { ...filled(search), ...page }),
    [call],
  );
  const list = useServerList(EMPTY, read, PAGE_SIZE);
  const columns: Column<OpsAuditRow>[] = [
    { head: t('audit.when'), cell: (a) => moment(a.createdAt, locale) },
    { head: t('audit.operator'), cell: (a) => a.operator },
    { head: t('audit.action'), cell: (a) => <code>{a.action}</code> },
    {
      head: t('audit.target'),
      cell: (a) => (
        <>
          {a.targetType} {a.targetId}
        </>
      ),
    },
    { head: t('audit.ip'), cell: (a) => a.ip ?? '—' },
    {
      head: t('audit.detail'),
      className: 'table__detail',
      cell: (a) => <code className="wrap">{a.detail}</code>,
    },
  ];
  return (
    <ListPage testId="audit" title={t('nav.audit')}>
      <form className="search" onSubmit={form.handleSubmit(list.setFilter)}>
        {FIELDS.map((f) => (
          <label key={f} className="search__field">
            <span>{t(`audit.${f}`)}</span>
            <input {...form.register(f)} data-testid={`audit-${f}`} autoCapitalize="none" />
          </label>
        ))}
        <button type="submit" className="btn btn--primary" data-testid="audit-search">
          {t('action.search')}
        </button>
      </form>
      <PagedTable
        rows={list.rows}
        pager={list.pager}
        empty={{ text: t('queue.empty') }}
        columns={columns}
        rowTestId="audit-row"
      />
    </ListPage>
  );
}
