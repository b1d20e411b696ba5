import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ErrorKey } from '../../../../domain/errors';
import type { Withdrawal, WithdrawQuota } from '../../../../domain/funding';
import { useCore } from '../../../core/contexts';
import { rulesResolver } from '../../../forms/rules-resolver';
import { useNumbers } from '../../../i18n/use-numbers';
import type { CoinChainChoice, FundingCatalog } from './funding-catalog';
import { withdrawProblem } from './funding-rules';
import { useSubmitWithdrawal } from './use-submit-withdrawal';

/** The withdrawal form as typed; `address` is the bound one, held so its problems have a place. */
export interface WithdrawValues {
  amount: string;
  address: string;
}

/** What {@link useWithdrawForm} needs: the terms, the coin and chain, the quota, what follows. */
export interface WithdrawFormInput {
  funding: FundingCatalog;
  choice: CoinChainChoice;
  quota: WithdrawQuota & { boundAddress: string };
  onDone(withdrawal: Withdrawal): void;
}

/** The withdrawal form's state and its steps, from {@link useWithdrawForm}. */
export interface WithdrawFormState {
  form: UseFormReturn<WithdrawValues>;
  /** What reaches the address for the amount typed (exact, floored); null while unknown. */
  receive: string | null;
  /** A refusal without a field, shown next to the button. */
  formError: ErrorKey | null;
  clearFormError(): void;
  /** Fills in the whole withdrawable amount, floored to the coin's decimals. */
  fillAll(): Promise<void>;
  /** Checks the form and opens the confirmation. */
  review(e?: BaseSyntheticEvent): Promise<void>;
  /** The confirmation and the request, with the trade password (useSubmitWithdrawal). */
  submit: ReturnType<typeof useSubmitWithdrawal>;
}

/** What reaches the address for `amount`: amount − fee, floored, computed by the worker. */
function useReceive(amount: string, fee: string, decimals: number): string | null {
  const { core } = useCore();
  const n = useNumbers();
  const [held, setHeld] = useState<{ for: string; value: string } | null>(null);
  const text = n.parse(amount) ?? '';
  useEffect(() => {
    let live = true;
    core.amounts({ receive: { amount: text, fee, decimals } }).then(
      (a) => live && a.receive !== undefined && setHeld({ for: `${text}|${fee}`, value: a.receive }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [core, text, fee, decimals]);
  // Exact and floored; the page writes it with domain/display.ts.
  return held?.for === `${text}|${fee}` ? held.value : null;
}

/**
 * State and checks of the withdrawal form, by the same rules as the server (`parseWithdraw`): the
 * amount (with "all"), the bound address, what the address receives; then the confirmation with the
 * trade password and the request. A server problem lands next to its field, or under the form.
 */
export function useWithdrawForm({ funding, choice, quota, onDone }: WithdrawFormInput): WithdrawFormState {
  const { core } = useCore();
  const n = useNumbers();
  const { coin, chain } = choice;
  const [formError, setFormError] = useState<ErrorKey | null>(null);
  const form = useForm<WithdrawValues>({
    defaultValues: { amount: '', address: quota.boundAddress },
    resolver: rulesResolver((v) => {
      const p = withdrawProblem(
        v.amount,
        { coin: coin.symbol, chain: chain.id, address: v.address },
        funding,
        n.locale,
      );
      return p ? { [p.field]: p.key } : {};
    }),
  });
  const { control, setValue, clearErrors, setError, handleSubmit } = form;
  useEffect(() => {
    setValue('address', quota.boundAddress);
  }, [quota.boundAddress, setValue]);
  const amount = useWatch({ control, name: 'amount' });
  const receive = useReceive(amount, quota.fee, coin.decimals);
  const submit = useSubmitWithdrawal({
    needsPassword: funding.withdrawPassword === 'always',
    onDone: (w) => {
      setValue('amount', '');
      onDone(w);
    },
    onFieldError: (field, key, text) => {
      if (field === 'amount' || field === 'address') {
        setError(field, key ? { type: 'rule', message: key } : { type: 'server', message: text ?? '' });
        return true;
      }
      return false;
    },
    onFormError: setFormError,
  });

  const fillAll = async () => {
    const a = await core.amounts({ floor: { value: quota.withdrawable, decimals: coin.decimals } });
    if (!a.floor) return;
    setValue('amount', n.input(a.floor), { shouldDirty: true });
    clearErrors('amount');
    setFormError(null);
  };

  const review = handleSubmit((v) => {
    setFormError(null);
    submit.review({
      coin: coin.symbol,
      chain: chain.id,
      address: v.address,
      // The resolver accepted it, so it reads as a number in this locale.
      amount: n.parse(v.amount) ?? v.amount.trim(),
    });
  });

  return { form, receive, formError, clearFormError: () => setFormError(null), fillAll, review, submit };
}
