import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lockAmountProblem } from '../../../domain/lockming-math';
import type { LockmingProduct, LockmingTerms } from '../../../domain/lockming-types';
import { toast } from '../../components/toast';
import { useCatalogCoin } from '../../core/catalog-coins';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { readAmount } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import type { LockPreviewResult } from '../../../worker/lockming';
import type { Problem } from '../../forms/rules-resolver';

/** The text of an amount problem, in the reader's language. */
export function problemText(p: Problem): string {
  return typeof p === 'string' ? errorMessage(p) : errorMessage(p.key, { decimals: p.decimals });
}

/**
 * The lock form's state: the amount as typed (kept on a refusal), the worker's exact preview with the
 * server's rule, the confirmation and the request.
 */
export function useLockForm(product: LockmingProduct, terms: LockmingTerms | null) {
  const { t } = useTranslation('lockming');
  const { core } = useCore();
  const call = useCall();
  const n = useNumbers();
  const navigate = useNavigate();
  const decimals = useCatalogCoin(product.coin)?.decimals ?? null;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The worker's answer with the input it answers: an answer for an older input is not shown.
  const [answer, setAnswer] = useState<{ key: string; result: LockPreviewResult } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tradePassword, setTradePassword] = useState('');
  const reading = readAmount(text, n.locale, decimals);
  const value = 'value' in reading ? reading.value : null;

  const key = `${product.id}|${value ?? ''}`;
  const preview = answer?.key === key ? answer.result : null;

  useEffect(() => {
    if (value === null || decimals === null || terms === null) return;
    let live = true;
    void core
      .previewLock({
        product,
        amount: value,
        decimals,
        // The device's clock: the server fixes the instants when it accepts the lock.
        at: Date.now(),
        accrualAtUtc: terms.accrualAtUtc,
      })
      .then((result) => live && setAnswer({ key: `${product.id}|${value}`, result }));
    return () => {
      live = false;
    };
  }, [core, product, value, decimals, terms]);

  const change = (v: string) => {
    setText(v);
    setError(undefined);
  };

  const review = () => {
    if ('problem' in reading) return setError(problemText(reading.problem));
    // The server's own check of the amount, run here first so a refusal needs no request.
    const problem = lockAmountProblem(reading.value, product.minAmount, decimals ?? 8);
    if (problem) return setError(problemText(problem));
    setConfirming(true);
  };

  const confirm = async () => {
    if (value === null) return;
    setBusy(true);
    const out = await call(
      'lockming/lock',
      {
        productId: product.id,
        amount: value,
        ...(terms?.tradePassword === 'always' && { tradePassword }),
      },
      { fields: ['amount', 'tradePassword'] },
    );
    setBusy(false);
    setConfirming(false);
    if (out.ok) {
      toast.success(t('locked'));
      navigate('/pages/lockming/list');
    } else if (out.field && out.messageKey) {
      setError(errorMessage(out.messageKey));
    }
  };

  return {
    text,
    change,
    error,
    preview,
    value,
    confirming,
    busy,
    review,
    confirm,
    cancel: () => setConfirming(false),
    tradePassword,
    setTradePassword,
    decimals,
  };
}
