import { useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import type { ErrorKey } from '../../../domain/errors';
import { parseBankCard } from '../../../domain/funding';
import type { BankCard } from '../../../domain/funding';
import { useUser } from '../../core/contexts';
import { useTradePasswordPrompt } from '../../core/trade-password-prompt';
import { useCall } from '../../core/use-call';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import { TextField } from '../../forms/text-field';
import { errorMessage } from '../../i18n/i18n';
import { cardProblems } from './card-rules';
import type { CardValues } from './card-rules';
import { TradePasswordDialog } from './trade-password-dialog';

/** Server fields the form shows inline; `tradePassword` goes to the password dialog. */
const FIELDS = ['bank', 'branch', 'cardNumber', 'holder', 'tradePassword'] as const;

/** Props of {@link BankCardForm}. */
export interface BankCardFormProps {
  /** Bank, branch and holder of the card being replaced; the number is always typed again. */
  initial?: Partial<CardValues>;
  onBound(card: BankCard): void;
  /** Shown when replacing: keep the bound card after all. */
  onCancel?: () => void;
}

/** Binds (or replaces) the bank card: bank, branch, number and holder, confirmed by the trade password. */
export function BankCardForm({ initial, onBound, onCancel }: BankCardFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const call = useCall();
  const { user, setUser } = useUser();
  const { askTradePassword } = useTradePasswordPrompt();
  const { register, handleSubmit, setError, formState } = useForm<CardValues>({
    defaultValues: { bank: '', branch: '', cardNumber: '', holder: '', ...initial },
    resolver: rulesResolver(cardProblems),
  });
  const { errors } = formState;
  const [pending, setPending] = useState<CardValues | null>(null);
  const [busy, setBusy] = useState(false);
  const [pwError, setPwError] = useState<{ key: ErrorKey | null; text: string | null } | null>(null);

  /**
   * Whether the user has a trade password, asking the server when the cached user says no; null when
   * that failed (the intent handler said why).
   */
  const hasTradePassword = async (): Promise<boolean | null> => {
    if (!user || user.hasTradePassword) return true;
    // It may have been set since the user was loaded (another tab or device).
    const out = await call('user/info', {});
    if (!out.ok) return null;
    setUser(out.data);
    return out.data.hasTradePassword;
  };

  const review = handleSubmit(async (v) => {
    const parsed = parseBankCard(v);
    if ('problem' in parsed) return;
    // Without a trade password there is nothing to confirm with: the spec §8 prompt offers to set one.
    const has = await hasTradePassword();
    if (has === null) return;
    if (!has) {
      askTradePassword();
      return;
    }
    setPwError(null);
    setPending(parsed.ok);
  });

  const bind = async (tradePassword: string) => {
    if (!pending || busy) return;
    setBusy(true);
    setPwError(null);
    try {
      const out = await call('user/bindCard', { ...pending, tradePassword }, { fields: FIELDS });
      if (out.ok) {
        setPending(null);
        toast.success(errorMessage('bindSuccess'));
        onBound(out.data);
        return;
      }
      if (out.intent === 'message' && out.field === 'tradePassword') {
        setPwError({ key: out.messageKey ?? null, text: out.message ?? null });
        return;
      }
      setPending(null);
      // Everything typed stays; a field problem shows next to its field.
      applyServerFieldError(out, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="form card-form" noValidate onSubmit={(e) => void review(e)} data-testid="card-form">
        <TextField
          label={t('card.bank')}
          registration={register('bank')}
          error={errors.bank}
          autoComplete="off"
          data-testid="card-bank"
        />
        <TextField
          label={t('card.branch')}
          registration={register('branch')}
          error={errors.branch}
          autoComplete="off"
          data-testid="card-branch"
        />
        <TextField
          label={t('card.cardNumber')}
          registration={register('cardNumber')}
          error={errors.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={t('card.cardNumberHint')}
          data-testid="card-number"
        />
        <TextField
          label={t('card.holder')}
          registration={register('holder')}
          error={errors.holder}
          autoComplete="cc-name"
          data-testid="card-holder"
        />
        <p className="note">{t('card.holderHint')}</p>
        <div className="button-row">
          {onCancel && (
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('common:actions.cancel')}
            </button>
          )}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || !online}
            data-testid="card-submit"
            data-offline={!online || undefined}
          >
            {online ? t('card.submit') : t('common:offline.needsNetwork')}
          </button>
        </div>
      </form>
      <TradePasswordDialog
        open={pending !== null}
        title={t('card.confirmTitle')}
        busy={busy}
        errorKey={pwError?.key ?? null}
        errorText={pwError?.text ?? null}
        onSubmit={(pw) => void bind(pw)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
