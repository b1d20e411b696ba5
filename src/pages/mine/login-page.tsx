import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { accountProblem } from '../../../domain/rules';
import type { AccountKind } from '../../../domain/rules';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { applyServerFieldError } from '../../forms/field-errors';
import { PasswordField } from '../../forms/password-field';
import { rulesResolver } from '../../forms/rules-resolver';
import type { Problems } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { AccountField, AccountKindTabs, narrow } from './account-fields';
import type { AccountValues } from './account-fields';

interface LoginValues {
  kind: AccountKind;
  mobile: string;
  email: string;
  password: string;
}

function loginProblems(v: LoginValues): Problems<LoginValues> {
  const out: Problems<LoginValues> = {};
  const account = accountProblem(v.kind, v[v.kind]);
  if (account) out[v.kind] = account;
  if (!v.password) out.password = 'required';
  return out;
}

/** Where a page sent the user to log in, to return there afterwards. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/pages/') ? from : '/pages/mine/index';
}

/** /pages/mine/login: log in by mobile number or e-mail. */
function LoginForm() {
  const { t } = useTranslation(['mine', 'common', 'errors']);
  const call = useCall();
  const { setUser } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<LoginValues>({
    defaultValues: { kind: 'mobile', mobile: '', email: '', password: '' },
    resolver: rulesResolver(loginProblems),
  });
  const { register, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (v) => {
    const out = await call(
      'user/login',
      { account: v[v.kind].trim(), password: v.password },
      {
        fields: ['account', 'password'],
      },
    );
    if (!out.ok) {
      applyServerFieldError(out, setError, { account: v.kind });
      return;
    }
    setUser(out.data.user);
    toast.success(t('errors:loginSuccess'));
    void navigate(returnPath(location.state), { replace: true });
  });

  return (
    <Screen backTo="/pages/mine/index">
      <div className="auth">
        <h2 className="auth__title">{t('login.welcome')}</h2>
        <AccountKindTabs form={narrow<AccountValues, LoginValues>(form)} />
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <AccountField form={narrow<AccountValues, LoginValues>(form)} autoComplete="username" />
          <PasswordField
            label={t('fields.password')}
            registration={register('password')}
            error={formState.errors.password}
            autoComplete="current-password"
          />
          <div className="form__links">
            <Link to="/pages/mine/forgetPwd">{t('login.forgot')}</Link>
          </div>
          <SubmitButton busy={formState.isSubmitting}>{t('common:actions.login')}</SubmitButton>
        </form>
        <p className="auth__switch">
          {t('login.noAccount')} <Link to="/pages/mine/register">{t('common:actions.register')}</Link>
        </p>
      </div>
    </Screen>
  );
}

/**
 * A signed-in user who opens this page (a bookmark, the back button) goes to the personal centre
 * instead of seeing a form they cannot use. A sign-in made on the form sets the user and navigates
 * in the same tick, so React renders both at once and this redirect never races the form's own.
 */
export function LoginPage() {
  const { user } = useUser();
  if (user !== null) return <Navigate to="/pages/mine/index" replace />;
  return <LoginForm />;
}
