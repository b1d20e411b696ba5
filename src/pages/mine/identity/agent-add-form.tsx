import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountKindOf } from '../../../../domain/rules';
import { AUTH_CODE_PATTERN, normalizeAuthCode } from '../../../../domain/identity-rules';
import { toast } from '../../../components/toast';
import { useCall } from '../../../core/use-call';
import { applyServerFieldError } from '../../../forms/field-errors';
import { rulesResolver, type Problems } from '../../../forms/rules-resolver';
import { SubmitButton } from '../../../forms/submit-button';
import { TextField } from '../../../forms/text-field';
import { useTranslation } from '../../../i18n/use-translation';

interface AddValues {
  account: string;
  authCode: string;
}

const FIELDS = ['account', 'authCode'] as const;

function addProblems(v: AddValues): Problems<AddValues> {
  const out: Problems<AddValues> = {};
  if (!v.account.trim()) out.account = 'required';
  else if (!accountKindOf(v.account.trim())) out.account = 'accountFormat';
  const code = normalizeAuthCode(v.authCode);
  if (!code) out.authCode = 'required';
  else if (!AUTH_CODE_PATTERN.test(code)) out.authCode = 'authCodeWrong';
  return out;
}

/**
 * An agent adds a user to their team with the user's account and the authorization code the user
 * gave them; the server checks the code (spec §6). A 998 answer (the agent's identity is not
 * verified) goes to verification and comes back here.
 */
export function AgentAddForm({ onAdded }: { onAdded(): void }) {
  const { t } = useTranslation(['identity', 'common']);
  const call = useCall();
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<AddValues>({
    defaultValues: { account: '', authCode: '' },
    resolver: rulesResolver(addProblems),
  });
  const submit = handleSubmit(async (v) => {
    if (busy) return;
    setBusy(true);
    try {
      const out = await call(
        'team/add',
        { account: v.account.trim(), authCode: normalizeAuthCode(v.authCode) },
        { fields: FIELDS },
      );
      if (out.ok) {
        toast.success(t('invite.agent.added', { account: out.data.account }));
        reset();
        onAdded();
        return;
      }
      applyServerFieldError(out, setError);
    } finally {
      setBusy(false);
    }
  });
  return (
    <section className="card" data-testid="agent-add">
      <h2 className="card__title">{t('invite.agent.title')}</h2>
      <p className="card__text">{t('invite.agent.text')}</p>
      <form className="form" noValidate onSubmit={(e) => void submit(e)} data-testid="agent-add-form">
        <TextField
          label={t('invite.agent.account')}
          registration={register('account')}
          error={formState.errors.account}
          autoComplete="off"
          inputMode="email"
          data-testid="agent-account"
        />
        <TextField
          label={t('invite.agent.code')}
          registration={register('authCode')}
          error={formState.errors.authCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="agent-code"
        />
        <SubmitButton busy={busy}>{t('invite.agent.submit')}</SubmitButton>
      </form>
    </section>
  );
}
