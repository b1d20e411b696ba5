import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from '../../components/toast';
import type { ErrorKey } from '../../../domain/errors';
import { parseBankCard } from '../../../domain/funding';
import type { BankCard } from '../../../domain/funding';
import { useUser } from '../../core/contexts';
import { useTradePasswordPrompt } from '../../core/trade-password-prompt';
import { useCall } from '../../core/use-call';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import { errorMessage } from '../../i18n/i18n';
import { cardProblems } from './card-rules';
import type { CardValues } from './card-rules';

/** Server fields the form shows inline; `tradePassword` goes to the password dialog. */
const FIELDS = ['bank', 'branch', 'cardNumber', 'holder', 'tradePassword'] as const;

/** The card form's state and its steps, from {@link useBankCardForm}. */
export interface BankCardFormState {
  form: UseFormReturn<CardValues>;
  /** Checks the card, then asks for the trade password (or offers to set one first). */
  review(e?: BaseSyntheticEvent): Promise<void>;
  /** The card waiting for the trade password, or null. */
  pending: CardValues | null;
  cancel(): void;
  busy: boolean;
  /** The server's problem with the trade password: a message key, or its own text. */
  pwError: { key: ErrorKey | null; text: string | null } | null;
  /** Binds the pending card with the trade password (`user/bindCard`). */
  bind(tradePassword: string): Promise<void>;
}

/**
 * State, checks and binding of the bank card (bank, branch, number and holder), confirmed by the
 * trade password; a user without one is offered to set it (spec §8). `initial` holds the card
 * being replaced, whose number is always typed again.
 */
export function useBankCardForm(
  initial: Partial<CardValues> | undefined,
  onBound: (card: BankCard) => void,
): BankCardFormState {
  const call = useCall();
  const { user, setUser } = useUser();
  const { askTradePassword } = useTradePasswordPrompt();
  const form = useForm<CardValues>({
    defaultValues: { bank: '', branch: '', cardNumber: '', holder: '', ...initial },
    resolver: rulesResolver(cardProblems),
  });
  const { handleSubmit, setError } = form;
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

  return { form, review, pending, cancel: () => setPending(null), busy, pwError, bind };
}
