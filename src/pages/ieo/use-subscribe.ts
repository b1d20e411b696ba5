import { useRef, useState } from 'react';
import type { ErrorKey } from '../../../domain/errors';
import type { IeoProject } from '../../../domain/ieo-types';
import { toast } from '../../components/toast';
import { useTradePasswordPrompt } from '../../core/trade-password-prompt';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

/**
 * The review → confirm → send steps of a subscription. Without a trade password yet, reviewing opens
 * the spec §8 prompt instead. A wrong password keeps the dialog open with the problem under it; any
 * other refusal closes it and hands the reason to the form (which keeps the amount). A double tap
 * sends once.
 */
export function useSubscribe(o: {
  project: IeoProject;
  /** Wire decimal string as parsed from the field. */
  amount: string;
  problem: ErrorKey | null;
  needsPassword: boolean;
  hasTradePassword: boolean;
  onSent(): void;
  onRefused(message: string | null): void;
}) {
  const { t } = useTranslation('ieo');
  const call = useCall();
  const { askTradePassword } = useTradePasswordPrompt();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const review = () => {
    if (o.problem) return;
    if (o.needsPassword && !o.hasTradePassword) {
      askTradePassword();
      return;
    }
    setPasswordError(null);
    setConfirming(true);
  };

  const confirm = async (tradePassword: string) => {
    if (inFlight.current) return;
    if (o.needsPassword && !tradePassword) {
      setPasswordError(errorMessage('required'));
      return;
    }
    inFlight.current = true;
    setBusy(true);
    const out = await call(
      'ieo/subscribe',
      { id: o.project.id, amount: o.amount, ...(o.needsPassword && { tradePassword }) },
      { fields: ['amount', 'tradePassword'] },
    );
    inFlight.current = false;
    setBusy(false);
    if (out.ok) {
      setConfirming(false);
      toast.success(t('confirm.done'));
      o.onSent();
      return;
    }
    if (out.field === 'tradePassword') {
      setPasswordError(out.message ?? null);
      return;
    }
    setConfirming(false);
    // Refused: the amount stays as typed, the reason under it.
    o.onRefused(out.message ?? null);
  };

  const cancel = () => {
    if (!inFlight.current) setConfirming(false);
  };

  return { confirming, busy, passwordError, review, confirm, cancel };
}
