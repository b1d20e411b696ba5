import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast';
import type { BankDepositTerms } from '../../../../domain/chains';
import type { ErrorKey } from '../../../../domain/errors';
import type { BankCard, BankDepositReq } from '../../../../domain/funding';
import { maskCard } from '../../../../domain/funding';
import { tooManyDecimals } from '../../../../domain/display';
import { useCore } from '../../../core/contexts';
import { useCall } from '../../../core/use-call';
import { applyServerFieldError, errorText } from '../../../forms/field-errors';
import { rulesResolver } from '../../../forms/rules-resolver';
import { SubmitButton } from '../../../forms/submit-button';
import { TextField } from '../../../forms/text-field';
import { errorMessage } from '../../../i18n/i18n';
import { useNumbers } from '../../../i18n/use-numbers';
import { NONE } from '../../trade';
import { BANK_AMOUNT_DECIMALS, bankDepositProblems } from './funding-rules';
import type { BankDepositValues } from './funding-rules';
import { ProofPicker } from './proof-picker';
import { SummaryDialog } from '../../../components/summary-dialog';
import { useProofUpload } from '../../../core/use-proof-upload';

/** Server fields the form shows inline. */
const FIELDS = ['amount', 'payerName', 'reference', 'proofId'] as const;

/** Props of {@link BankDepositForm}. */
export interface BankDepositFormProps {
  terms: BankDepositTerms;
  /** Decimals of the credited coin (the credit is floored to them). */
  coinDecimals: number;
  card: BankCard;
}

/** The coins `amount` credits at the terms' rate, floored, as the worker computes it; null when unknown. */
function useCreditPreview(amount: string, terms: BankDepositTerms, decimals: number): string | null {
  const { core } = useCore();
  const n = useNumbers();
  const [credit, setCredit] = useState<{ for: string; value: string | null } | null>(null);
  const parsed = n.parse(amount);
  const text = parsed !== null && !tooManyDecimals(parsed, BANK_AMOUNT_DECIMALS) ? parsed : '';
  useEffect(() => {
    if (!text) return;
    let live = true;
    core.amounts({ convert: { amount: text, rate: terms.rate, decimals } }).then(
      (a) => live && setCredit({ for: text, value: a.convert ?? null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [core, text, terms.rate, decimals]);
  // Exact and floored; written by domain/display.ts with every digit it has.
  return credit?.for === text && credit.value !== null ? n.exact(credit.value) : null;
}

/**
 * Amount, payer (the bound card's holder), transfer reference and proof image; a summary to confirm;
 * then the order detail. Whatever the server refuses stays typed, with the problem next to its field.
 */
export function BankDepositForm({ terms, coinDecimals, card }: BankDepositFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const n = useNumbers();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<BankDepositReq | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<ErrorKey | null>(null);
  const form = useForm<BankDepositValues>({
    defaultValues: { amount: '', payerName: card.holder, reference: '', proofId: '' },
    resolver: rulesResolver((v) => bankDepositProblems(v, terms, card.holder, n.locale)),
  });
  const { register, formState, setValue, setError, clearErrors, control } = form;
  const { errors } = formState;
  const amount = useWatch({ control, name: 'amount' });
  const credit = useCreditPreview(amount, terms, coinDecimals);
  const proof = useProofUpload((id) => {
    setValue('proofId', id);
    if (id) clearErrors('proofId');
  });

  const review = form.handleSubmit((v) => {
    setFormError(null);
    setConfirming({
      amount: n.parse(v.amount) ?? v.amount.trim(),
      payerName: v.payerName.trim(),
      reference: v.reference.trim(),
      proofId: v.proofId,
    });
  });

  const submit = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    const out = await call('assets/bankDeposit', confirming, { fields: FIELDS });
    setBusy(false);
    setConfirming(null);
    if (out.ok) {
      toast.success(errorMessage('initiationSuccess'));
      void navigate(`/pages/assets/chargedone?id=${out.data.id}`);
      return;
    }
    if (!applyServerFieldError(out, setError) && out.messageKey) setFormError(out.messageKey);
  };

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
        onCancel={() => setConfirming(null)}
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
