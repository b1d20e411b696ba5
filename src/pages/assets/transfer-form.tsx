import { useOnline } from '../../components/use-online';
import { useTranslation } from '../../i18n/use-translation';
import { TRANSFER_REMARK_MAX } from '../../../domain/assets';
import { Amount } from '../../components/amount';
import { errorText } from '../../forms/field-errors';
import { TextField } from '../../forms/text-field';
import { NO_VALUE } from './assets-format';
import { SelectField } from './select-field';
import { TransferAccounts } from './transfer-accounts';
import { TransferConfirmDialog } from './transfer-confirm-dialog';
import { remarkLength } from './transfer-rules';
import { useTransferForm, type TransferFormInput } from './use-transfer-form';

/** Props of {@link TransferForm}. */
export type TransferFormProps = TransferFormInput;

/**
 * The transfer form: accounts by the matrix, coin, an amount in the reader's locale with at most
 * the coin's decimals (more is refused inline, never cut), optional remark, then a confirmation. A refusal lands next to the field it concerns and
 * leaves everything the user typed in place.
 */
export function TransferForm(props: TransferFormProps) {
  const { coins } = props;
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const state = useTransferForm(props);
  const { form, from, to, coin, remark, info, available, pick, busy } = state;
  const { register, formState } = form;
  const { errors } = formState;
  const decimals = info?.decimals ?? null;
  const remarkCount = remarkLength(remark);

  return (
    <form
      className="form transfer-form"
      noValidate
      onSubmit={(e) => void state.review(e)}
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
              onClick={() => void state.all()}
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
        transfer={state.confirming}
        busy={busy}
        onConfirm={() => void state.confirm()}
        onCancel={state.cancel}
      />
    </form>
  );
}
