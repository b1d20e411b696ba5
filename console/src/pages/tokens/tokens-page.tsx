import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OpsTokenInfo } from '../../../../domain/ops-api';
import { CopyButton } from '../../components/copy-button';
import { Field } from '../../components/field';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';

/** My personal API tokens: create (the secret shown once), list, revoke. */
export function Page() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<{ label: string }>({ defaultValues: { label: '' } });
  const load = useCallback(async (): Promise<OpsTokenInfo[]> => (await call('tokens', {})) ?? [], [call]);
  const { data: list, update } = useLoad(load);
  const create = form.handleSubmit(async ({ label }) => {
    const made = await call('tokens/create', { label: label.trim() });
    if (!made) return;
    const { token, ...info } = made;
    setSecret(token);
    form.reset();
    update((l) => [info, ...l]);
  });
  const revoke = async (id: number) => {
    const done = await call('tokens/revoke', { id });
    if (done) update((l) => l.map((x) => (x.id === id ? done : x)));
  };
  return (
    <section className="page" data-testid="tokens">
      <header className="page__head">
        <h1 className="page__title">{t('nav.tokens')}</h1>
      </header>
      <form className="card create" onSubmit={create}>
        <p className="note">{t('tokens.intro')}</p>
        <div className="create__fields">
          <Field
            label={t('tokens.label')}
            maxLength={60}
            data-testid="token-label"
            registration={form.register('label', {
              validate: (v) => v.trim() !== '' || t('signIn.required'),
            })}
            error={form.formState.errors.label}
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
          {t('tokens.create')}
        </button>
      </form>
      {secret && (
        <div className="card secret" role="status" data-testid="token-secret">
          <p>{t('tokens.once')}</p>
          <code className="wrap">{secret}</code>
          <div className="row-actions">
            <CopyButton text={secret} testId="token-copy" />
            <button type="button" className="btn btn--ghost" onClick={() => setSecret(null)}>
              {t('action.done')}
            </button>
          </div>
        </div>
      )}
      {list === undefined ? (
        <p className="loading">…</p>
      ) : list.length === 0 ? (
        <p className="empty">{t('tokens.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('tokens.label')}</th>
                <th>{t('tokens.createdAt')}</th>
                <th>{t('tokens.lastUsed')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((x) => (
                <tr key={x.id} data-testid="token-row">
                  <td data-label={t('tokens.label')}>{x.label}</td>
                  <td data-label={t('tokens.createdAt')}>{moment(x.createdAt, locale)}</td>
                  <td data-label={t('tokens.lastUsed')}>{moment(x.lastUsedAt, locale)}</td>
                  <td className="row-actions">
                    {x.revokedAt ? (
                      <span className="badge badge--rejected">{t('tokens.revoked')}</span>
                    ) : (
                      <button type="button" className="btn btn--danger" onClick={() => void revoke(x.id)}>
                        {t('tokens.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
