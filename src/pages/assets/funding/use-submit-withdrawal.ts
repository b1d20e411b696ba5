import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../components/toast';
import type { ErrorKey } from '../../../../domain/errors';
import type { Withdrawal, WithdrawReq } from '../../../../domain/funding';
import { useUser } from '../../../core/contexts';
import { useTradePasswordPrompt } from '../../../core/trade-password-prompt';
import { useCall } from '../../../core/use-call';

/** A withdrawal waiting for its confirmation (the trade password comes with the confirmation). */
export type PendingWithdrawal = Omit<WithdrawReq, 'tradePassword'>;

/** The trade password's problem, in the shape `errorText` reads: a message key, or the server's text. */
export interface PasswordProblem {
  type: 'rule' | 'server';
  message: string;
}

/** Server fields the form or the dialog shows inline. */
const FIELDS = ['amount', 'address', 'tradePassword'] as const;

/** Refusals without a field that the form shows next to its button as well as in the toast. */
const FORM_LEVEL: readonly ErrorKey[] = [
  'insufficientBalance',
  'withdrawDailyLimit',
  'withdrawAwaitingConfirmations',
  'withdrawBelowMin',
  'withdrawDisabled',
  'withdrawAddressRequired',
  'boundMismatch',
];

/** Props of {@link useSubmitWithdrawal}. */
export interface SubmitWithdrawalOptions {
  needsPassword: boolean;
  onDone(withdrawal: Withdrawal): void;
  /** Shows a server problem of a form field; false when the form has no such field. */
  onFieldError(field: string, key: ErrorKey | undefined, text: string | undefined): boolean;
  onFormError(key: ErrorKey): void;
}

/**
 * The review → confirm → request steps of a withdrawal. Without a trade password yet, reviewing
 * opens the spec §8 prompt instead. A wrong trade password keeps the dialog open with the problem
 * under the password; any other refusal closes it and lands on the form. A double tap sends once.
 */
export function useSubmitWithdrawal(options: SubmitWithdrawalOptions) {
  const { t } = useTranslation('assets');
  const call = useCall();
  const { user } = useUser();
  const { askTradePassword } = useTradePasswordPrompt();
  const [pending, setPending] = useState<PendingWithdrawal | null>(null);
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<PasswordProblem | null>(null);
  const inFlight = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const review = useCallback(
    (req: PendingWithdrawal) => {
      if (latest.current.needsPassword && user && !user.hasTradePassword) {
        askTradePassword();
        return;
      }
      setPasswordError(null);
      setPending(req);
    },
    [user, askTradePassword],
  );

  const confirm = useCallback(
    async (tradePassword: string) => {
      if (!pending || inFlight.current) return;
      const o = latest.current;
      if (o.needsPassword && !tradePassword) {
        setPasswordError({ type: 'rule', message: 'required' });
        return;
      }
      inFlight.current = true;
      setBusy(true);
      const out = await call('assets/withdraw', { ...pending, tradePassword }, { fields: FIELDS });
      inFlight.current = false;
      setBusy(false);
      if (out.ok) {
        setPending(null);
        toast.success(t('withdraw.done'));
        o.onDone(out.data);
        return;
      }
      if (out.field === 'tradePassword' && out.intent === 'message') {
        setPasswordError(
          out.messageKey
            ? { type: 'rule', message: out.messageKey }
            : { type: 'server', message: out.message ?? '' },
        );
        return;
      }
      setPending(null);
      if (out.field && o.onFieldError(out.field, out.messageKey, out.message)) return;
      if (out.messageKey && FORM_LEVEL.includes(out.messageKey)) o.onFormError(out.messageKey);
    },
    [pending, call, t],
  );

  const cancel = useCallback(() => {
    if (!inFlight.current) setPending(null);
  }, []);

  return { pending, busy, passwordError, review, confirm, cancel };
}
