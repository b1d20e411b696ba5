import { useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import { parseTransfer, transferTargets, TRANSFER_REMARK_MAX } from '../../../domain/assets';
import type { TransferRecord } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import type { CoinInfo } from '../../../domain/market';
import type { BalanceLine } from '../../../domain/spot';
import { useCall } from '../../core/use-call';
import { Amount } from '../../components/amount';
import { applyServerFieldError, errorText } from '../../forms/field-errors';
import { problemError, rulesResolver } from '../../forms/rules-resolver';
import { readAmount } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { TextField } from '../../forms/text-field';
import { NO_VALUE } from './assets-format';
import { SelectField } from './select-field';
import { TransferAccounts } from './transfer-accounts';
import { TransferConfirmDialog } from './transfer-confirm-dialog';
import type { CheckedTransfer } from './transfer-confirm-dialog';
import { remarkLength, transferProblems } from './transfer-rules';
import type { TransferValues } from './transfer-rules';
import { useFloor } from './use-floored';

/** Server fields the form shows inline. */
const FIELDS = ['from', 'to', 'coin', 'amount', 'remark'] as const;

/** Props of {@link TransferForm}. */
export interface TransferFormProps {
  coins: readonly CoinInfo[];
  /** Every balance line of the user, or null while unknown. */
  balances: readonly BalanceLine[] | null;
  initial: { from: AccountType; coin: string };
  onDone(record: TransferRecord): void;
}

/**
 * The transfer form: accounts by the matrix, coin, an amount in the reader's locale with at most
 * the coin's decimals (more is refused inline, never cut), optional remark, then a confirmation. A refusal lands next to the field it concerns and
 * leaves everything the user typed in place.
 */
export function TransferForm({ coins, balances, initial, onDone }: TransferFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
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
  const { register, setValue, setError, clearErrors, handleSubmit, control, formState } = form;
  const { errors } = formState;
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

  const remarkCount = remarkLength(remark);

  return (
    <form
      className="form transfer-form"
      noValidate
      onSubmit={(e) => void review(e)}
      data-testid="transfer-form"
    >
      <TransferAccounts
        from={from}
        to={to}
        onChange={(pair) => pick(pair)}
        errors={{ from: errorText(errors.from), to: errorText(errors.to) }}
      />
      <SelectField
        label={t('fields.coin')}
        value={coin}
        onChange={(c) => pick({ coin: c })}
        error={errorText(errors.coin)}
        testId="transfer-coin"
      >
        {coins.map((c) => (
          <option key={c.symbol} value={c.symbol}>
            {c.symbol}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.amount')}
        registration={register('amount')}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('transfer.amountHint', { decimals: decimals ?? 0, count: decimals ?? 0 })}
        data-testid="transfer-amount"
        end={
          <>
            <span className="transfer-form__unit">{coin}</span>
            <button
              type="button"
              className="field__end btn btn--text"
              onClick={() => void all()}
              disabled={available === null}
              data-testid="transfer-all"
            >
              {t('transfer.all')}
            </button>
          </>
        }
        below={
          <>
            <p className="transfer-form__available">
              <span>{t('fields.available')}</span>
              <span className="mono" data-testid="transfer-available">
                {available === null ? (
                  `${NO_VALUE} ${coin}`
                ) : (
                  <Amount value={available} coin={info} unit={coin} />
                )}
              </span>
            </p>
          </>
        }
      />
      <TextField
        label={t('fields.remark')}
        registration={register('remark')}
        error={errors.remark}
        autoComplete="off"
        placeholder={t('transfer.remarkHint')}
        data-testid="transfer-remark"
        below={
          <p
            className={`field__counter${remarkCount > TRANSFER_REMARK_MAX ? ' field__counter--over' : ''}`}
            data-testid="remark-counter"
          >
            {remarkCount}/{TRANSFER_REMARK_MAX}
          </p>
        }
      />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={busy || !online}
        data-testid="submit-transfer"
        data-offline={!online || undefined}
      >
        {online ? t('transfer.submit') : t('common:offline.needsNetwork')}
      </button>
      <TransferConfirmDialog
        transfer={confirming}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
