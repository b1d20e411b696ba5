import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast';
import type { BankDepositTerms } from '../../../../domain/chains';
import type { ErrorKey } from '../../../../domain/errors';
import type { BankCard, BankDepositReq } from '../../../../domain/funding';
import { tooManyDecimals } from '../../../../domain/display';
import { useCore } from '../../../core/contexts';
import { useCall } from '../../../core/use-call';
import { applyServerFieldError } from '../../../forms/field-errors';
import { rulesResolver } from '../../../forms/rules-resolver';
import { errorMessage } from '../../../i18n/i18n';
import { useNumbers } from '../../../i18n/use-numbers';
import { useProofUpload } from '../../../core/use-proof-upload';
import { BANK_AMOUNT_DECIMALS, bankDepositProblems } from './funding-rules';
import type { BankDepositValues } from './funding-rules';

/** Server fields the form shows inline. */
const FIELDS = ['amount', 'payerName', 'reference', 'proofId'] as const;

/** The bank deposit form's state and its steps, from {@link useBankDepositForm}. */
export interface BankDepositFormState {
  form: UseFormReturn<BankDepositValues>;
  /** The coins the amount credits (exact, floored, written with every digit); null while unknown. */
  credit: string | null;
  /** The proof image: compressed on the device, uploaded, its id in the form's `proofId`. */
  proof: ReturnType<typeof useProofUpload>;
  /** Checks the form and opens the summary. */
  review(e?: BaseSyntheticEvent): Promise<void>;
  /** The deposit being confirmed, or null. */
  confirming: BankDepositReq | null;
  cancel(): void;
  busy: boolean;
  /** A refusal without a field, shown under the form. */
  formError: ErrorKey | null;
  /** Sends the confirmed deposit and opens its detail. */
  submit(): Promise<void>;
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
 * State, checks and submission of the bank deposit: amount, payer (the bound card's holder),
 * transfer reference and proof image; a summary to confirm; then the order detail. Whatever the
 * server refuses stays typed, with the problem next to its field.
 */
export function useBankDepositForm(
  terms: BankDepositTerms,
  coinDecimals: number,
  card: BankCard,
): BankDepositFormState {
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
  const { setValue, setError, clearErrors, control } = form;
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

  return {
    form,
    credit,
    proof,
    review,
    confirming,
    cancel: () => setConfirming(null),
    busy,
    formError,
    submit,
  };
}
