import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OpsUserHit } from '../../../../domain/ops-api';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { DataTable, type Column } from '../../lists/data-table';
import { ListBody } from '../../lists/list-body';
import { searchQuery } from './user-logic';

/** Frozen or usable, as a badge. */
export function AccessBadge({ frozen }: { frozen: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${frozen ? 'badge--rejected' : 'badge--approved'}`} data-testid="user-access">
      {frozen ? t('people.users.frozen') : t('people.users.active')}
    </span>
  );
}

/**
 * The search: account (mobile number or e-mail) prefix, merchant nickname or exact id. The query
 * lives in the address (`?q=`), so going back from a user finds the same hits and the typed text.
 */
export function UserSearch() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = searchQuery(params.get('q') ?? '');
  const form = useForm<{ q: string }>({ values: { q: q ?? '' } });
  const load = useCallback(
    async (): Promise<OpsUserHit[] | null> => (q === null ? [] : call('users/search', { q })),
    [call, q],
  );
  const { data: hits, reload } = useLoad(load);
  const columns: Column<OpsUserHit>[] = [
    {
      head: t('people.users.id'),
      className: 'num',
      cell: (u) => (
        <Link to={String(u.id)} state={{ q }} onClick={(e) => e.stopPropagation()}>
          {u.id}
        </Link>
      ),
    },
    { head: t('field.account'), cell: (u) => u.account },
    { head: t('people.users.nickname'), cell: (u) => u.nickname || '—' },
    { head: t('people.users.access'), cell: (u) => <AccessBadge frozen={u.frozen} /> },
    { head: t('people.users.registered'), cell: (u) => moment(u.createdAt, locale) },
  ];
  return (
    <section className="page" data-testid="users">
      <header className="page__head">
        <h1 className="page__title">{t('people.nav.users')}</h1>
      </header>
      <form
        className="search users-search"
        role="search"
        onSubmit={form.handleSubmit((v) => {
          const next = searchQuery(v.q);
          if (next === null) return;
          if (next === q) reload();
          else setParams({ q: next });
        })}
      >
        <label className="search__field users-search__field">
          <span>{t('people.users.query')}</span>
          <input
            {...form.register('q')}
            type="search"
            inputMode="search"
            autoCapitalize="none"
            autoComplete="off"
            placeholder={t('people.users.queryHint')}
            data-testid="user-query"
          />
        </label>
        <button type="submit" className="btn btn--primary" data-testid="user-search">
          {t('action.search')}
        </button>
      </form>
      {q === null ? (
        <p className="empty" data-testid="users-idle">
          {t('people.users.idle')}
        </p>
      ) : (
        <ListBody
          rows={hits}
          empty={{ text: t('people.users.none', { q }), testId: 'users-none' }}
          failed={{
            text: t('people.loadFailed'),
            testId: 'users-error',
            retry: { label: t('people.retry'), onClick: reload },
          }}
        >
          {(rows) => (
            <DataTable
              rows={rows}
              columns={columns}
              rowTestId="user-row"
              // The id's link is what the keyboard reaches; a click anywhere on the row opens it too.
              rowAttrs={(u) => ({
                className: 'table__row--link',
                onClick: () => navigate(String(u.id), { state: { q } }),
              })}
            />
          )}
        </ListBody>
      )}
    </section>
  );
}
