import type { BankDepositTerms, ChainInfo } from '../../../../domain/chains';
import { NAME_MAX, REFERENCE_MAX, parseWithdraw, sameHolder } from '../../../../domain/funding';
import type { CoinInfo } from '../../../../domain/market';
import type { CoinChain } from '../../../../domain/chains';
import { compareDecimalStrings } from '../../../../domain/display';
import type { Problem, Problems } from '../../../forms/rules-resolver';
import { readAmount } from '../../../i18n/numbers';

/** The bank deposit form as typed. */
export interface BankDepositValues {
  amount: string;
  payerName: string;
  reference: string;
  /** Id of the uploaded proof image; empty until the upload finished. */
  proofId: string;
}

/** Bank transfers are in cents: a deposit amount has at most 2 decimals (BankDepositReq). */
export const BANK_AMOUNT_DECIMALS = 2;
const length = (s: string) => [...s].length;

/**
 * What the bank deposit form checks before asking the server (which checks it all again): the
 * amount in the reader's `locale` with at most 2 decimals, the terms' bounds (compared as decimal
 * text, no arithmetic), a payer who is the bound card's holder (spec §5), a reference, and the
 * uploaded proof.
 */
export function bankDepositProblems(
  v: BankDepositValues,
  terms: Pick<BankDepositTerms, 'minAmount' | 'maxAmount'>,
  holder: string | null,
  locale: string,
): Problems<BankDepositValues> {
  const out: Problems<BankDepositValues> = {};
  const read = readAmount(v.amount, locale, BANK_AMOUNT_DECIMALS);
  const amount = 'value' in read ? read.value : '';
  if ('problem' in read) out.amount = read.problem;
  else if (!/[1-9]/.test(amount)) out.amount = 'amountPositive';
  else if (compareDecimalStrings(amount, terms.minAmount) < 0) out.amount = 'amountBelowMin';
  else if (compareDecimalStrings(amount, terms.maxAmount) > 0) out.amount = 'amountAboveMax';
  const payer = v.payerName.trim();
  if (!payer) out.payerName = 'required';
  else if (length(payer) > NAME_MAX) out.payerName = 'textTooLong';
  else if (holder !== null && !sameHolder(payer, holder)) out.payerName = 'boundMismatch';
  const reference = v.reference.trim();
  if (!reference) out.reference = 'required';
  else if (length(reference) > REFERENCE_MAX) out.reference = 'textTooLong';
  if (!v.proofId) out.proofId = 'uploadRequired';
  return out;
}

/** The withdrawal form as typed. */
export interface WithdrawValues {
  amount: string;
}

/** Where a withdrawal problem is shown: next to the amount, or on the address and network card. */
export type WithdrawProblemField = 'amount' | 'address';

/**
 * The spec §5 checks of a withdrawal, by the same rules the server runs (`parseWithdraw`): the coin
 * and chain open, the bound address in the chain's format, an amount in the reader's `locale`
 * (`1.000` is a thousand in id, `1,000` in en) with at most the coin's decimals — more is refused
 * naming the count — and at least the minimum. Balance and the daily limit are the server's.
 */
export function withdrawProblem(
  amount: string,
  target: { coin: string; chain: string; address: string | null },
  catalog: { coins: readonly CoinInfo[]; chains: readonly ChainInfo[]; coinChains: readonly CoinChain[] },
  locale: string,
): { field: WithdrawProblemField; key: Problem } | null {
  const decimals = catalog.coins.find((c) => c.symbol === target.coin)?.decimals ?? null;
  const read = readAmount(amount, locale, decimals);
  if ('problem' in read) return { field: 'amount', key: read.problem };
  const out = parseWithdraw(
    {
      coin: target.coin,
      chain: target.chain,
      address: target.address ?? '',
      amount: read.value,
    },
    catalog,
  );
  if ('ok' in out) return null;
  return { field: out.problem.field === 'amount' ? 'amount' : 'address', key: out.problem.key };
}
