import { useCallback, useState } from 'react';
import { OPS_ROLES, type OpsOperator, type OpsRole } from '../../../../domain/ops-api';
import { ReasonDialog } from '../../components/reason-dialog';
import { moment } from '../../core/format';
import { useSession } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { CreateOperator } from './create-operator';

/** An admin action waiting for its reason. */
type Pending =
  | { kind: 'role'; op: OpsOperator; role: OpsRole }
  | { kind: 'disable' | 'enable' | 'reset-totp'; op: OpsOperator };

/** Operator accounts: list, create, change role, disable or enable, reset the second factor. */
export function Page() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const { me } = useSession();
  const [pending, setPending] = useState<Pending | null>(null);
  const load = useCallback(async (): Promise<OpsOperator[]> => (await call('operators', {})) ?? [], [call]);
  const { data: list, update } = useLoad(load);

  const act = async (p: Pending, reason: string) => {
    const id = p.op.id;
    const next =
      p.kind === 'role'
        ? await call('operators/role', { id, role: p.role, reason })
        : await call(`operators/${p.kind}`, { id, reason });
    if (!next) return;
    update((l) => l.map((o) => (o.id === next.id ? next : o)));
    setPending(null);
    toast.success(t('operators.saved', { name: next.name }));
  };
  return (
    <section className="page" data-testid="operators">
      <header className="page__head">
        <h1 className="page__title">{t('nav.operators')}</h1>
      </header>
      <CreateOperator onCreated={(op) => update((l) => [op, ...l])} />
      {list === undefined ? (
        <p className="loading">…</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('signIn.name')}</th>
                <th>{t('operators.role')}</th>
                <th>{t('operators.state')}</th>
                <th>{t('operators.lastSignIn')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((op) => (
                <tr key={op.id} data-testid="operator-row">
                  <td data-label={t('signIn.name')}>{op.name}</td>
                  <td data-label={t('operators.role')}>
                    <select
                      value={op.role}
                      aria-label={t('operators.role')}
                      disabled={op.id === me?.id}
                      onChange={(e) => setPending({ kind: 'role', op, role: e.target.value as OpsRole })}
                    >
                      {OPS_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`role.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label={t('operators.state')}>
                    {op.disabled ? t('operators.disabled') : t('operators.active')}
                    {!op.totpEnrolled && ` · ${t('operators.noTotp')}`}
                  </td>
                  <td data-label={t('operators.lastSignIn')}>{moment(op.lastSignInAt, locale)}</td>
                  <td className="row-actions">
                    {op.id !== me?.id && (
                      <button
                        type="button"
                        className={`btn ${op.disabled ? '' : 'btn--danger'}`}
                        onClick={() => setPending({ kind: op.disabled ? 'enable' : 'disable', op })}
                      >
                        {op.disabled ? t('operators.enable') : t('operators.disable')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn"
                      onClick={() => setPending({ kind: 'reset-totp', op })}
                    >
                      {t('operators.resetTotp')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pending && (
        <ReasonDialog
          title={t(`operators.confirm.${pending.kind}`, {
            name: pending.op.name,
            role: pending.kind === 'role' ? t(`role.${pending.role}`) : '',
          })}
          confirm={t('action.save')}
          danger={pending.kind === 'disable' || pending.kind === 'reset-totp'}
          onSubmit={(reason) => act(pending, reason)}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
