import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import type { CodeScene } from '../../../domain/endpoints';
import type { Outcome } from '../../../domain/envelope';
import { codeProblem } from '../../../domain/rules';
import { applyServerFieldError, errorText } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import type { Problems } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { CodeField, narrow } from './account-fields';
import type { CodeValues } from './account-fields';
import { NewPasswordFields, newPasswordProblems } from './password-fields';
import type { NewPasswordValues } from './password-fields';

/** A code sent to the signed-in account, and a new password. */
export interface CodePasswordValues extends CodeValues, NewPasswordValues {}

function problems(v: CodePasswordValues): Problems<CodePasswordValues> {
  const code = codeProblem(v.code);
  return { ...(code && { code }), ...newPasswordProblems(v) };
}

/** Props of {@link CodePasswordForm}. */
export interface CodePasswordFormProps {
  scene: Extract<CodeScene, 'setPwd' | 'tradePwd'>;
  /** The signed-in account; the code goes there. */
  account: string;
  /** Names the password being set. */
  passwordLabel: string;
  submit(values: CodePasswordValues): Promise<Outcome<unknown>>;
  done(): void;
}

/** Sets a password (login or trade) with a verification code sent to the user's own account. */
export function CodePasswordForm({ scene, account, passwordLabel, submit, done }: CodePasswordFormProps) {
  const { t } = useTranslation(['mine', 'common']);
  const form = useForm<CodePasswordValues>({
    defaultValues: { code: '', password: '', confirm: '' },
    resolver: rulesResolver(problems),
  });
  const onSubmit = form.handleSubmit(async (v) => {
    const out = await submit(v);
    if (out.ok) done();
    else applyServerFieldError(out, form.setError);
  });
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="auth__intro">{t('code.sentTo', { account })}</p>
      <CodeField
        form={narrow<CodeValues, CodePasswordValues>(form)}
        scene={scene}
        account={() => account}
        onAccountError={(key, text) =>
          toast.error(errorText({ type: key ? 'rule' : 'server', message: key ?? text }) ?? '')
        }
      />
      <NewPasswordFields form={narrow<NewPasswordValues, CodePasswordValues>(form)} label={passwordLabel} />
      <SubmitButton busy={form.formState.isSubmitting}>{t('common:actions.save')}</SubmitButton>
    </form>
  );
}
