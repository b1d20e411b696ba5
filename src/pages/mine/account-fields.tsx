import { useWatch } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { CodeScene } from '../../../domain/endpoints';
import type { ErrorKey } from '../../../domain/errors';
import { accountProblem } from '../../../domain/rules';
import type { AccountKind } from '../../../domain/rules';
import { AccountTabs } from '../../forms/account-tabs';
import { OutboxHint } from '../../forms/outbox-hint';
import { SendCodeButton } from '../../forms/send-code-button';
import { TextField } from '../../forms/text-field';

/** Forms with a verification code. */
export interface CodeValues {
  code: string;
}

/** Forms with an account: mobile or e-mail, each kept separately so switching tabs loses nothing. */
export interface AccountValues {
  kind: AccountKind;
  mobile: string;
  email: string;
}

/**
 * Views a form through the fields a shared component uses. react-hook-form's types are invariant
 * in the value type, so this one cast stands for "T has at least these fields".
 */
export function narrow<Base extends FieldValues, T extends Base>(
  form: UseFormReturn<T>,
): UseFormReturn<Base> {
  return form as unknown as UseFormReturn<Base>;
}

/** The mobile / e-mail switch; switching keeps both values and clears the old kind's error. */
export function AccountKindTabs({ form }: { form: UseFormReturn<AccountValues> }) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <AccountTabs
      value={kind}
      onChange={(k) => {
        form.setValue('kind', k);
        form.clearErrors(['mobile', 'email']);
      }}
    />
  );
}

/** The account input for the chosen kind. */
export function AccountField({
  form,
  autoComplete,
}: {
  form: UseFormReturn<AccountValues>;
  autoComplete: string;
}) {
  const { t } = useTranslation('mine');
  const { register, formState, control } = form;
  const kind = useWatch({ control, name: 'kind' });
  return kind === 'mobile' ? (
    <TextField
      key="mobile"
      label={t('fields.mobile')}
      registration={register('mobile')}
      error={formState.errors.mobile}
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder={t('placeholders.mobile')}
    />
  ) : (
    <TextField
      key="email"
      label={t('fields.email')}
      registration={register('email')}
      error={formState.errors.email}
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="off"
      placeholder={t('placeholders.email')}
    />
  );
}

/** Reads the account for sending a code, showing the account field's error when it is not valid. */
export function accountForCode(form: UseFormReturn<AccountValues>): () => string | null {
  return () => {
    const kind = form.getValues('kind');
    const value = form.getValues(kind).trim();
    const problem = accountProblem(kind, value);
    if (problem) {
      form.setError(kind, { type: 'rule', message: problem }, { shouldFocus: true });
      return null;
    }
    form.clearErrors(kind);
    return value;
  };
}

/** Props of {@link CodeField}. */
export interface CodeFieldProps {
  form: UseFormReturn<CodeValues>;
  scene: CodeScene;
  /** The account to send the code to, or null (the form already said why). */
  account(): string | null;
  /** Where a server problem with the account is shown (the account field, or a toast). */
  onAccountError(key: ErrorKey | undefined, text: string | undefined): void;
}

/** Verification-code input with the send button and, on demo servers, the simulated outbox. */
export function CodeField({ form, scene, account, onAccountError }: CodeFieldProps) {
  const { t } = useTranslation('mine');
  const { register, formState, setValue } = form;
  return (
    <TextField
      label={t('fields.code')}
      registration={register('code')}
      error={formState.errors.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('placeholders.code')}
      end={<SendCodeButton scene={scene} account={account} onAccountError={onAccountError} />}
      below={
        <OutboxHint
          account={() => account() ?? ''}
          onUse={(code) => setValue('code', code, { shouldValidate: formState.isSubmitted })}
        />
      }
    />
  );
}

/** Shows a server problem with the account next to the account field of the current kind. */
export function accountErrorSetter(
  form: UseFormReturn<AccountValues>,
): (key: ErrorKey | undefined, text: string | undefined) => void {
  return (key, text) => {
    const kind = form.getValues('kind');
    if (key) form.setError(kind, { type: 'rule', message: key }, { shouldFocus: true });
    else form.setError(kind, { type: 'server', message: text ?? '' }, { shouldFocus: true });
  };
}

/** Account and verification code, as the register and recovery forms ask for them. */
export function AccountCodeFields<T extends AccountValues & CodeValues>({
  form,
  scene,
}: {
  form: UseFormReturn<T>;
  scene: CodeScene;
}) {
  const accountForm = narrow<AccountValues, T>(form);
  return (
    <>
      <AccountField form={accountForm} autoComplete="username" />
      <CodeField
        form={narrow<CodeValues, T>(form)}
        scene={scene}
        account={accountForCode(accountForm)}
        onAccountError={accountErrorSetter(accountForm)}
      />
    </>
  );
}
