import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { parseTransfer, transferTargets } from '../../../domain/assets';
import type { TransferRecord } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import type { CoinInfo } from '../../../domain/market';
import type { BalanceLine } from '../../../domain/spot';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { applyServerFieldError } from '../../forms/field-errors';
import { problemError, rulesResolver } from '../../forms/rules-resolver';
import { readAmount } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import type { CheckedTransfer } from './transfer-confirm-dialog';
import { transferProblems } from './transfer-rules';
import type { TransferValues } from './transfer-rules';
import { useFloor } from './use-floored';

/** Server fields the form shows inline. */
const FIELDS = ['from', 'to', 'coin', 'amount', 'remark'] as const;

/** What {@link useTransferForm} needs: the coins, the balances, where the form starts, what follows. */
export interface TransferFormInput {
  coins: readonly CoinInfo[];
  /** Every balance line of the user, or null while unknown. */
  balances: readonly BalanceLine[] | null;
  initial: { from: AccountType; coin: string };
  onDone(record: TransferRecord): void;
}

/** The transfer form's state and its steps, from {@link useTransferForm}. */
export interface TransferFormState {
  form: UseFormReturn<TransferValues>;
  from: AccountType;
  to: AccountType;
  coin: string;
  remark: string;
  /** The catalog entry of the coin picked, or null for a coin it does not list. */
  info: CoinInfo | null;
  /** Available balance of the coin in the source account; null while unknown. */
  available: string | null;
  /** Picks accounts or the coin, clearing the problems they may have caused. */
  pick(patch: Partial<Pick<TransferValues, 'from' | 'to' | 'coin'>>): void;
  /** Fills in the whole available balance, floored to the coin's decimals. */
  all(): Promise<void>;
  /** Checks the form by the server's rules (`parseTransfer`) and opens the confirmation. */
  review(e?: BaseSyntheticEvent): Promise<void>;
  /** The transfer being confirmed, or null. */
  confirming: CheckedTransfer | null;
  cancel(): void;
  busy: boolean;
  /** Sends the confirmed transfer (`assets/transfer`). */
  confirm(): Promise<void>;
}

/**
 * State, checks and submission of the transfer form: accounts by the matrix, coin, an amount in the
 * reader's locale with at most the coin's decimals (more is refused inline, never cut), optional
 * remark, then a confirmation. A refusal lands next to the field it concerns and leaves everything
 * the user typed in place.
 */
export function useTransferForm({ coins, balances, initial, onDone }: TransferFormInput): TransferFormState {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const floor = useFloor();
  const n = useNumbers();
  const form = useForm<TransferValues>({
    defaultValues: {
      from: initial.from,
      to: transferTargets(initial.from)[0]!,
      coin: initial.coin,
      amount: '',
      remark: '',
    },
    resolver: rulesResolver((v: TransferValues) => transferProblems(v, coins, n.locale)),
  });
  const { setValue, setError, clearErrors, handleSubmit, control } = form;
  const [from, to, coin, remark] = useWatch({
    control,
    name: ['from', 'to', 'coin', 'remark'],
  });
  const info = coins.find((c) => c.symbol === coin) ?? null;
  const decimals = info?.decimals ?? null;
  const available = balances
    ? (balances.find((b) => b.account === from && b.coin === coin)?.available ?? '0')
    : null;
  const [confirming, setConfirming] = useState<CheckedTransfer | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (patch: Partial<Pick<TransferValues, 'from' | 'to' | 'coin'>>) => {
    if (patch.from) setValue('from', patch.from);
    if (patch.to) setValue('to', patch.to);
    if (patch.coin !== undefined) setValue('coin', patch.coin);
    clearErrors(['from', 'to', 'coin', 'amount']);
  };

  const all = async () => {
    if (available === null || decimals === null) return;
    const value = await floor(available, decimals);
    if (value === null) return;
    setValue('amount', n.input(value), { shouldDirty: true });
    clearErrors('amount');
  };

  const review = handleSubmit(async (v) => {
    if (!info) return;
    const read = readAmount(v.amount, n.locale, info.decimals);
    if ('problem' in read) {
      setError('amount', problemError(read.problem), { shouldFocus: true });
      return;
    }
    const exact = read.value;
    const parsed = parseTransfer({ ...v, amount: exact }, coins);
    if ('problem' in parsed) {
      const { field, key } = parsed.problem;
      setError(field, { type: 'rule', message: key }, { shouldFocus: true });
      return;
    }
    const { remark: text } = parsed.ok;
    setConfirming({
      from: parsed.ok.from,
      to: parsed.ok.to,
      coin: info.symbol,
      amount: exact,
      ...(text && { remark: text }),
    });
  });

  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    try {
      const out = await call('assets/transfer', confirming, { fields: FIELDS });
      setConfirming(null);
      if (out.ok) {
        toast.success(t('transfer.done'));
        setValue('amount', '');
        setValue('remark', '');
        clearErrors();
        onDone(out.data);
        return;
      }
      // What was typed stays; the problem is shown where it belongs.
      applyServerFieldError(out, setError);
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    from,
    to,
    coin,
    remark,
    info,
    available,
    pick,
    all,
    review,
    confirming,
    cancel: () => setConfirming(null),
    busy,
    confirm,
  };
}
