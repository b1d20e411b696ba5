import { useCallback, useState } from 'react';
import type { OpsOperator, OpsRole } from '../../../../domain/ops-api';
import { ReasonDialog } from '../../components/reason-dialog';
import { moment } from '../../core/format';
import { useSession } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { DataTable, type Column } from '../../lists/data-table';
import { ListBody } from '../../lists/list-body';
import { ListPage } from '../../lists/list-page';
import { CreateOperator } from './create-operator';
import { RoleOptions } from './role-options';

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
  // The row of the operator reading it offers no role change and no disabling: not oneself.
  const columns: Column<OpsOperator>[] = [
    { head: t('signIn.name'), cell: (op) => op.name },
    {
      head: t('operators.role'),
      cell: (op) => (
        <select
          value={op.role}
          aria-label={t('operators.role')}
          disabled={op.id === me?.id}
          onChange={(e) => setPending({ kind: 'role', op, role: e.target.value as OpsRole })}
        >
          <RoleOptions />
        </select>
      ),
    },
    {
      head: t('operators.state'),
      cell: (op) => (
        <>
          {op.disabled ? t('operators.disabled') : t('operators.active')}
          {!op.totpEnrolled && ` · ${t('operators.noTotp')}`}
        </>
      ),
    },
    { head: t('operators.lastSignIn'), cell: (op) => moment(op.lastSignInAt, locale) },
    {
      head: '',
      caption: false,
      className: 'row-actions',
      cell: (op) => (
        <>
          {op.id !== me?.id && (
            <button
              type="button"
              className={`btn ${op.disabled ? '' : 'btn--danger'}`}
              onClick={() => setPending({ kind: op.disabled ? 'enable' : 'disable', op })}
            >
              {op.disabled ? t('operators.enable') : t('operators.disable')}
            </button>
          )}
          <button type="button" className="btn" onClick={() => setPending({ kind: 'reset-totp', op })}>
            {t('operators.resetTotp')}
          </button>
        </>
      ),
    },
  ];
  return (
    <ListPage testId="operators" title={t('nav.operators')}>
      <CreateOperator onCreated={(op) => update((l) => [op, ...l])} />
      <ListBody rows={list}>
        {(rows) => <DataTable rows={rows} columns={columns} rowTestId="operator-row" />}
      </ListBody>
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
    </ListPage>
  );
}
