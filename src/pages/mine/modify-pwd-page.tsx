import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate } from 'react-router-dom';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { applyServerFieldError } from '../../forms/field-errors';
import { PasswordField } from '../../forms/password-field';
import { rulesResolver } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { RequireUser } from '../../components/require-user';

interface ModifyValues {
  oldPassword: string;
}

const resolver = rulesResolver<ModifyValues>((v) => (v.oldPassword ? {} : { oldPassword: 'required' }));

/** /pages/mine/modifyPwd: confirm the current login password; `user/modifyPwd` gives a ticket. */
export function ModifyPwdPage() {
  const { t } = useTranslation(['mine', 'common']);
  const call = useCall();
  const navigate = useNavigate();
  const form = useForm<ModifyValues>({ defaultValues: { oldPassword: '' }, resolver });
  const submit = form.handleSubmit(async (v) => {
    const out = await call('user/modifyPwd', v, { fields: ['oldPassword'] });
    if (!out.ok) {
      applyServerFieldError(out, form.setError);
      return;
    }
    void navigate('/pages/mine/modifyPwdNext', { state: { ticket: out.data.ticket } });
  });
  return (
    <Screen backTo="/pages/mine/security">
      <RequireUser>
        {() => (
          <div className="auth">
            <p className="auth__intro">{t('modify.intro')}</p>
            <form className="form" noValidate onSubmit={(e) => void submit(e)}>
              <PasswordField
                label={t('fields.oldPassword')}
                registration={form.register('oldPassword')}
                error={form.formState.errors.oldPassword}
                autoComplete="current-password"
              />
              <div className="form__links">
                <Link to="/pages/mine/setPwd">{t('security.setPwd')}</Link>
              </div>
              <SubmitButton busy={form.formState.isSubmitting}>{t('common:actions.next')}</SubmitButton>
            </form>
          </div>
        )}
      </RequireUser>
    </Screen>
  );
}
