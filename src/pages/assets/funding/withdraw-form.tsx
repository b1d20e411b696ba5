import { useOnline } from '../../../components/use-online';
import { useTranslation } from '../../../i18n/use-translation';
import { errorText } from '../../../forms/field-errors';
import { TextField } from '../../../forms/text-field';
import { errorMessage } from '../../../i18n/i18n';
import { Amount } from '../../../components/amount';
import { useNumbers } from '../../../i18n/use-numbers';
import { useWithdrawForm, type WithdrawFormInput } from './use-withdraw-form';
import { WithdrawConfirmDialog } from './withdraw-confirm-dialog';
import { WithdrawQuotaSummary } from './withdraw-quota';

/** Props of {@link WithdrawForm}. */
export type WithdrawFormProps = WithdrawFormInput;

/**
 * Amount (with "all"), the terms and what the address receives, validated by the same rules as the
 * server (`parseWithdraw`); then a summary with the trade password, and the request.
 */
export function WithdrawForm(props: WithdrawFormProps) {
  const { funding, choice, quota } = props;
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const n = useNumbers();
  const { coin, chain } = choice;
  const { form, receive, formError, clearFormError, fillAll, review, submit } = useWithdrawForm(props);
  const { register, formState } = form;
  return (
    <form
      className="form withdraw-form"
      noValidate
      onSubmit={(e) => void review(e)}
      data-testid="withdraw-form"
    >
      <TextField
        label={t('withdraw.amount')}
        registration={register('amount', { onChange: clearFormError })}
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
