import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OpsTokenInfo } from '../../../../domain/ops-api';
import { CopyButton } from '../../components/copy-button';
import { Field } from '../../components/field';
import { moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { DataTable, type Column } from '../../lists/data-table';
import { ListBody } from '../../lists/list-body';
import { ListPage } from '../../lists/list-page';

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
  const columns: Column<OpsTokenInfo>[] = [
    { head: t('tokens.label'), cell: (x) => x.label },
    { head: t('tokens.createdAt'), cell: (x) => moment(x.createdAt, locale) },
    { head: t('tokens.lastUsed'), cell: (x) => moment(x.lastUsedAt, locale) },
    {
      head: '',
      caption: false,
      className: 'row-actions',
      cell: (x) =>
        x.revokedAt ? (
          <span className="badge badge--rejected">{t('tokens.revoked')}</span>
        ) : (
          <button type="button" className="btn btn--danger" onClick={() => void revoke(x.id)}>
            {t('tokens.revoke')}
          </button>
        ),
    },
  ];
  return (
    <ListPage testId="tokens" title={t('nav.tokens')}>
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
      <ListBody rows={list} empty={{ text: t('tokens.none') }}>
        {(rows) => <DataTable rows={rows} columns={columns} rowTestId="token-row" />}
      </ListBody>
    </ListPage>
  );
}
