import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { accountProblem, codeProblem } from '../../../domain/rules';
import type { AccountKind } from '../../../domain/rules';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import type { Problems } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { AccountCodeFields, AccountKindTabs, narrow } from './account-fields';
import type { AccountValues } from './account-fields';

interface ForgetValues {
  kind: AccountKind;
  mobile: string;
  email: string;
  code: string;
}

function problems(v: ForgetValues): Problems<ForgetValues> {
  const out: Problems<ForgetValues> = {};
  const account = accountProblem(v.kind, v[v.kind]);
  if (account) out[v.kind] = account;
  const code = codeProblem(v.code);
  if (code) out.code = code;
  return out;
}

/** /pages/mine/forgetPwd: prove the account with a code; `user/forget` gives a ticket for the next step. */
export function ForgetPwdPage() {
  const { t } = useTranslation(['mine', 'common']);
  const call = useCall();
  const navigate = useNavigate();
  const form = useForm<ForgetValues>({
    defaultValues: { kind: 'mobile', mobile: '', email: '', code: '' },
    resolver: rulesResolver(problems),
  });
  const { handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (v) => {
    const out = await call(
      'user/forget',
      { account: v[v.kind].trim(), code: v.code.trim() },
      { fields: ['account', 'code'] },
    );
    if (!out.ok) {
      applyServerFieldError(out, setError, { account: v.kind });
      return;
    }
    // The ticket travels in router state: it never lands in the URL or in history entries' text.
    void navigate('/pages/mine/forgetPwdNext', { state: { ticket: out.data.ticket } });
  });

  return (
    <Screen backTo="/pages/mine/login">
      <div className="auth">
        <p className="auth__intro">{t('forget.intro')}</p>
        <AccountKindTabs form={narrow<AccountValues, ForgetValues>(form)} />
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <AccountCodeFields form={form} scene="forget" />
          <SubmitButton busy={formState.isSubmitting}>{t('common:actions.next')}</SubmitButton>
        </form>
      </div>
    </Screen>
  );
}
