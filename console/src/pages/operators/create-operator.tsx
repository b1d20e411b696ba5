import { useForm } from 'react-hook-form';
import { OPS_NAME, OPS_PASSWORD_MIN, type OpsOperator, type OpsRole } from '../../../../domain/ops-api';
import { Field } from '../../components/field';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { RoleOptions } from './role-options';

interface Form {
  name: string;
  role: OpsRole;
  password: string;
}

/** Creates an operator with a role and an initial password (the second factor is enrolled at first sign-in). */
export function CreateOperator({ onCreated }: { onCreated: (op: OpsOperator) => void }) {
  const { t } = useTranslation();
  const call = useCall();
  const form = useForm<Form>({ defaultValues: { name: '', role: 'viewer', password: '' } });
  const submit = form.handleSubmit(async (v) => {
    const op = await call('operators/create', {
      name: v.name.trim().toLowerCase(),
      role: v.role,
      password: v.password,
    });
    if (!op) return;
    toast.success(t('operators.created', { name: op.name }));
    form.reset();
    onCreated(op);
  });
  return (
    <form className="card create" onSubmit={submit} data-testid="operator-create">
      <h2 className="card__title">{t('operators.create')}</h2>
      <div className="create__fields">
        <Field
          label={t('signIn.name')}
          autoCapitalize="none"
          registration={form.register('name', {
            validate: (v) => OPS_NAME.test(v.trim().toLowerCase()) || t('signIn.nameInvalid'),
          })}
          error={form.formState.errors.name}
        />
        <div className="field">
          <label className="field__label" htmlFor="create-role">
            {t('operators.role')}
          </label>
          <select id="create-role" className="field__input" {...form.register('role')}>
            <RoleOptions />
          </select>
        </div>
        <Field
          label={t('operators.initialPassword')}
          type="password"
          autoComplete="new-password"
          registration={form.register('password', {
            validate: (v) =>
              [...v].length >= OPS_PASSWORD_MIN || t('operators.passwordShort', { min: OPS_PASSWORD_MIN }),
          })}
          error={form.formState.errors.password}
        />
      </div>
      <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
        {t('operators.create')}
      </button>
    </form>
  );
}
