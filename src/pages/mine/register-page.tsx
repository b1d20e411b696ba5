import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import { registerProblems } from '../../../domain/rules';
import type { AccountKind } from '../../../domain/rules';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { Dialog } from '../../components/dialog';
import { Screen } from '../../components/screen';
import { applyServerFieldError, errorText } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import type { Problems } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { TextField } from '../../forms/text-field';
import { AccountCodeFields, AccountKindTabs, narrow } from './account-fields';
import type { AccountValues } from './account-fields';
import { NewPasswordFields } from './password-fields';
import type { NewPasswordValues } from './password-fields';

/** The register form; mobile and e-mail keep separate values so switching tabs loses nothing. */
export interface RegisterValues {
  kind: AccountKind;
  mobile: string;
  email: string;
  code: string;
  password: string;
  confirm: string;
  promo: string;
  agree: boolean;
}

function problems(v: RegisterValues): Problems<RegisterValues> {
  const { account, ...rest } = registerProblems({ ...v, account: v[v.kind] });
  return { ...rest, ...(account && { [v.kind]: account }) };
}

const SERVER_FIELDS = ['account', 'code', 'password', 'confirm', 'promo', 'agree'];

/** /pages/mine/register: register by mobile number or e-mail with a verification code. */
function RegisterForm() {
  const { t } = useTranslation(['mine', 'common', 'errors']);
  const call = useCall();
  const { setUser } = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const form = useForm<RegisterValues>({
    defaultValues: {
      kind: 'mobile',
      mobile: '',
      email: '',
      code: '',
      password: '',
      confirm: '',
      // A shared invitation link carries the inviter's promotion code.
      promo: params.get('code') ?? '',
      agree: false,
    },
    resolver: rulesResolver(problems),
  });
  const { register, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (v) => {
    const promo = v.promo.trim();
    const out = await call(
      'user/register',
      {
        kind: v.kind,
        account: v[v.kind].trim(),
        code: v.code.trim(),
        password: v.password,
        confirm: v.confirm,
        ...(promo && { promo }),
        agree: v.agree,
      },
      { fields: SERVER_FIELDS },
    );
    if (!out.ok) {
      applyServerFieldError(out, setError, { account: v.kind });
      return;
    }
    setUser(out.data.user);
    toast.success(t('register.done'));
    void navigate('/pages/mine/index', { replace: true });
  });

  const agreeError = errorText(formState.errors.agree);
  return (
    <Screen backTo="/pages/mine/login">
      <div className="auth">
        <h2 className="auth__title">{t('register.welcome')}</h2>
        <AccountKindTabs form={narrow<AccountValues, RegisterValues>(form)} />
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <AccountCodeFields form={form} scene="register" />
          <NewPasswordFields
            form={narrow<NewPasswordValues, RegisterValues>(form)}
            label={t('fields.password')}
          />
          <TextField
            label={t('fields.promo')}
            registration={register('promo')}
            error={formState.errors.promo}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={t('placeholders.promo')}
          />
          <div className={`check${agreeError ? ' check--error' : ''}`}>
            <label className="check__label">
              <input type="checkbox" className="check__box" {...register('agree')} />
              <span>
                {t('register.agree')}{' '}
                <button type="button" className="link" onClick={() => setAgreementOpen(true)}>
                  {t('register.agreement')}
                </button>
              </span>
            </label>
            {agreeError && (
              <p className="field__error" role="alert" data-field="agree">
                {agreeError}
              </p>
            )}
          </div>
          <SubmitButton busy={formState.isSubmitting}>{t('common:actions.register')}</SubmitButton>
        </form>
        <p className="auth__switch">
          {t('register.haveAccount')} <Link to="/pages/mine/login">{t('common:actions.login')}</Link>
        </p>
      </div>
      <Dialog
        open={agreementOpen}
        title={t('register.agreement')}
        onDismiss={() => setAgreementOpen(false)}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setAgreementOpen(false)}>
            {t('common:actions.close')}
          </button>
        }
      >
        <p className="dialog__message">{t('register.agreementText')}</p>
      </Dialog>
    </Screen>
  );
}

/**
 * A signed-in user who opens this page (a bookmark, the back button) goes to the personal centre
 * instead of seeing a form they cannot use. A sign-in made on the form sets the user and navigates
 * in the same tick, so React renders both at once and this redirect never races the form's own.
 */
export function RegisterPage() {
  const { user } = useUser();
  if (user !== null) return <Navigate to="/pages/mine/index" replace />;
  return <RegisterForm />;
}
