import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OpsUserHit } from '../../../../domain/ops-api';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
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
      ) : hits === undefined ? (
        <p className="loading">…</p>
      ) : hits === null ? (
        <div className="empty" data-testid="users-error">
          <p>{t('people.loadFailed')}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('people.retry')}
          </button>
        </div>
      ) : hits.length === 0 ? (
        <p className="empty" data-testid="users-none">
          {t('people.users.none', { q })}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('people.users.id')}</th>
                <th>{t('field.account')}</th>
                <th>{t('people.users.nickname')}</th>
                <th>{t('people.users.access')}</th>
                <th>{t('people.users.registered')}</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((u) => (
                <tr
                  key={u.id}
                  className="table__row--link"
                  data-testid="user-row"
                  onClick={() => navigate(String(u.id), { state: { q } })}
                >
                  <td data-label={t('people.users.id')} className="num">
                    <Link to={String(u.id)} state={{ q }} onClick={(e) => e.stopPropagation()}>
                      {u.id}
                    </Link>
                  </td>
                  <td data-label={t('field.account')}>{u.account}</td>
                  <td data-label={t('people.users.nickname')}>{u.nickname || '—'}</td>
                  <td data-label={t('people.users.access')}>
                    <AccessBadge frozen={u.frozen} />
                  </td>
                  <td data-label={t('people.users.registered')}>{moment(u.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
