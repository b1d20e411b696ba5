import { useEffect, useState } from 'react';
import { useOnline } from '../../../components/use-online';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { ErrorKey } from '../../../../domain/errors';
import type { Withdrawal, WithdrawQuota } from '../../../../domain/funding';
import { useCore } from '../../../core/contexts';
import { errorText } from '../../../forms/field-errors';
import { rulesResolver } from '../../../forms/rules-resolver';
import { TextField } from '../../../forms/text-field';
import { errorMessage } from '../../../i18n/i18n';
import { Amount } from '../../../components/amount';
import { useNumbers } from '../../../i18n/use-numbers';
import type { CoinChainChoice, FundingCatalog } from './funding-catalog';
import { withdrawProblem } from './funding-rules';
import { useSubmitWithdrawal } from './use-submit-withdrawal';
import { WithdrawConfirmDialog } from './withdraw-confirm-dialog';
import { WithdrawQuotaSummary } from './withdraw-quota';

/** The withdrawal form as typed; `address` is the bound one, held so its problems have a place. */
interface Values {
  amount: string;
  address: string;
}

/** Props of {@link WithdrawForm}. */
export interface WithdrawFormProps {
  funding: FundingCatalog;
  choice: CoinChainChoice;
  quota: WithdrawQuota & { boundAddress: string };
  onDone(withdrawal: Withdrawal): void;
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
 * Amount (with "all"), the terms and what the address receives, validated by the same rules as the
 * server (`parseWithdraw`); then a summary with the trade password, and the request.
 */
export function WithdrawForm({ funding, choice, quota, onDone }: WithdrawFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const { core } = useCore();
  const n = useNumbers();
  const { coin, chain } = choice;
  const [formError, setFormError] = useState<ErrorKey | null>(null);
  const form = useForm<Values>({
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
  const { register, formState, control, setValue, clearErrors, setError, handleSubmit } = form;
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

  return (
    <form
      className="form withdraw-form"
      noValidate
      onSubmit={(e) => void review(e)}
      data-testid="withdraw-form"
    >
      <TextField
        label={t('withdraw.amount')}
        registration={register('amount', { onChange: () => setFormError(null) })}
        error={formState.errors.amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('withdraw.minPlaceholder', { min: n.exact(quota.min) })}
        data-testid="withdraw-amount"
        end={
          <>
            <span className="order-field__unit">{coin.symbol}</span>
            <button
              type="button"
              className="field__end btn btn--text"
              onClick={() => void fillAll()}
              data-testid="withdraw-all"
            >
              {t('withdraw.all')}
            </button>
          </>
        }
        below={
          <p className="field__hint">
            {t('withdraw.withdrawable')}{' '}
            <span className="mono" data-testid="withdrawable">
              <Amount value={quota.withdrawable} coin={coin} unit={coin.symbol} />
            </span>
          </p>
        }
      />
      {quota.awaitingConfirmations !== '' && /[1-9]/.test(quota.awaitingConfirmations) && (
        <p className="note" data-testid="awaiting-confirmations">
          {t('withdraw.awaiting', { amount: n.exact(quota.awaitingConfirmations), coin: coin.symbol })}
        </p>
      )}
      {formState.errors.address && (
        <p className="field__error" role="alert" data-field="address">
          {errorText(formState.errors.address)}
        </p>
      )}
      <WithdrawQuotaSummary quota={quota} receive={receive} />
      {formError && (
        <p className="field__error" role="alert" data-testid="withdraw-error">
          {errorMessage(formError)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={submit.busy || !online}
        data-testid="withdraw-submit"
        data-offline={!online || undefined}
      >
        {online ? t('withdraw.submit') : t('common:offline.needsNetwork')}
      </button>
      <WithdrawConfirmDialog
        request={submit.pending}
        chainName={chain.name}
        fee={quota.fee}
        receive={receive}
        needsPassword={funding.withdrawPassword === 'always'}
        busy={submit.busy}
        passwordError={submit.passwordError}
        onConfirm={(password) => void submit.confirm(password)}
        onCancel={submit.cancel}
      />
    </form>
  );
}
