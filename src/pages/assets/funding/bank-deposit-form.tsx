import { useTranslation } from '../../../i18n/use-translation';
import type { BankDepositTerms } from '../../../../domain/chains';
import type { BankCard } from '../../../../domain/funding';
import { maskCard } from '../../../../domain/funding';
import { errorText } from '../../../forms/field-errors';
import { SubmitButton } from '../../../forms/submit-button';
import { TextField } from '../../../forms/text-field';
import { errorMessage } from '../../../i18n/i18n';
import { useNumbers } from '../../../i18n/use-numbers';
import { NONE } from '../../trade';
import { BANK_AMOUNT_DECIMALS } from './funding-rules';
import { ProofPicker } from './proof-picker';
import { SummaryDialog } from '../../../components/summary-dialog';
import { useBankDepositForm } from './use-bank-deposit-form';

/** Props of {@link BankDepositForm}. */
export interface BankDepositFormProps {
  terms: BankDepositTerms;
  /** Decimals of the credited coin (the credit is floored to them). */
  coinDecimals: number;
  card: BankCard;
}

/**
 * Amount, payer (the bound card's holder), transfer reference and proof image; a summary to confirm;
 * then the order detail. Whatever the server refuses stays typed, with the problem next to its field.
 */
export function BankDepositForm({ terms, coinDecimals, card }: BankDepositFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const n = useNumbers();
  const { form, credit, proof, review, confirming, cancel, busy, formError, submit } = useBankDepositForm(
    terms,
    coinDecimals,
    card,
  );
  const { register, formState } = form;
  const { errors } = formState;

  const unit = (text: string) => <span className="order-field__unit">{text}</span>;
  return (
    <form className="form" noValidate onSubmit={(e) => void review(e)} data-testid="bank-deposit-form">
      <TextField
        label={t('bank.amount', { currency: terms.currency })}
        registration={register('amount')}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${n.exact(terms.minAmount)} – ${n.exact(terms.maxAmount)}`}
        end={unit(terms.currency)}
        data-testid="bank-amount"
      />
      <div className="funding-summary" aria-live="polite">
        <span>{t('bank.creditPreview')}</span>
        <span className="mono" data-testid="bank-credit">
          {credit ?? NONE} {terms.coin}
        </span>
      </div>
      <TextField
        label={t('bank.payer')}
        registration={register('payerName')}
        error={errors.payerName}
        autoComplete="name"
        below={<p className="field__hint">{t('bank.payerHint', { card: maskCard(card.cardNumber) })}</p>}
        data-testid="bank-payer"
      />
      <TextField
        label={t('bank.reference')}
        registration={register('reference')}
        error={errors.reference}
        autoComplete="off"
        autoCapitalize="characters"
        below={<p className="field__hint">{t('bank.referenceHint')}</p>}
        data-testid="bank-reference"
      />
      <input type="hidden" {...register('proofId')} />
      <ProofPicker
        state={proof.state}
        onPick={(f) => void proof.pick(f)}
        onClear={proof.clear}
        error={errorText(errors.proofId)}
      />
      {formError && (
        <p className="field__error" role="alert" data-testid="bank-error">
          {errorMessage(formError)}
        </p>
      )}
      {/* No submit while the proof is on its way: the form would only say it is missing. */}
      <SubmitButton
        busy={busy || proof.state.phase === 'compressing' || proof.state.phase === 'uploading'}
        needsNetwork
      >
        {t('bank.submit')}
      </SubmitButton>
      <SummaryDialog
        open={confirming !== null}
        title={t('bank.confirmTitle')}
        confirmLabel={t('common:actions.confirm')}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={cancel}
        testId="confirm-bank-deposit"
        rows={
          confirming
            ? [
                [
                  t('bank.amountLabel'),
                  `${n.fixed(confirming.amount, BANK_AMOUNT_DECIMALS)} ${terms.currency}`,
                ],
                [t('bank.creditPreview'), `${credit ?? NONE} ${terms.coin}`],
                [t('bank.payer'), confirming.payerName],
                [t('bank.reference'), confirming.reference],
                [t('bank.payTo'), `${terms.receiving.bank} · ${terms.receiving.cardNumber}`],
              ]
            : []
        }
      >
        <p className="note">{t('bank.confirmNote')}</p>
      </SummaryDialog>
    </form>
  );
}
