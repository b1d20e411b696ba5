import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { confirmProblem, passwordProblem } from '../../../domain/rules';
import { PasswordField } from '../../forms/password-field';
import type { Problems } from '../../forms/rules-resolver';

/** A new password and its confirmation. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** Spec §5: 6–16 characters, not too simple, confirmation equal. */
export function newPasswordProblems(v: NewPasswordValues): Problems<NewPasswordValues> {
  const out: Problems<NewPasswordValues> = {};
  const password = passwordProblem(v.password);
  if (password) out.password = password;
  const confirm = confirmProblem(v.password, v.confirm);
  if (confirm) out.confirm = confirm;
  return out;
}

/** The two new-password inputs; `label` names what is being set (login or trade password). */
export function NewPasswordFields({
  form,
  label,
}: {
  form: UseFormReturn<NewPasswordValues>;
  label?: string;
}) {
  const { t } = useTranslation('mine');
  const { register, formState } = form;
  return (
    <>
      <PasswordField
        label={label ?? t('fields.newPassword')}
        registration={register('password')}
        error={formState.errors.password}
        autoComplete="new-password"
        placeholder={t('placeholders.password')}
      />
      <PasswordField
        label={t('fields.confirm')}
        registration={register('confirm')}
        error={formState.errors.confirm}
        autoComplete="new-password"
        placeholder={t('placeholders.confirm')}
      />
    </>
  );
}
