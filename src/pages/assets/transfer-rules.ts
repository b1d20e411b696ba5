import { TRANSFER_REMARK_MAX } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import type { CoinInfo } from '../../../domain/market';
import { transferRemarkProblem } from '../../../domain/rules';
import type { Problems } from '../../forms/rules-resolver';
import { AMOUNT_TEXT } from './assets-format';

/** What the transfer form holds, as typed (accounts and coin as picked). */
export interface TransferValues {
  from: AccountType;
  to: AccountType;
  coin: string;
  amount: string;
  remark: string;
}

/** Characters of a remark as the server counts them (code points, so an emoji is one). */
export function remarkLength(remark: string): number {
  return [...remark.trim()].length;
}

/**
 * The checks made while typing: amount present and a plain decimal, remark within its length and
 * free of coin names (spec §5). Flooring and the full `parseTransfer` run on submit; the balance is
 * the server's to judge.
 */
export function transferProblems(v: TransferValues, coins: readonly CoinInfo[]): Problems<TransferValues> {
  const out: Problems<TransferValues> = {};
  const amount = v.amount.trim();
  if (!amount) out.amount = 'required';
  else if (!AMOUNT_TEXT.test(amount)) out.amount = 'amountFormat';
  const remark = v.remark.trim();
  if (remarkLength(remark) > TRANSFER_REMARK_MAX) out.remark = 'remarkTooLong';
  else if (remark) {
    const key = transferRemarkProblem(
      remark,
      coins.flatMap((c) => [c.symbol, c.name]),
    );
    if (key) out.remark = key;
  }
  return out;
}

/** The coin the form starts with: the one a link asked for, else USDT, else the catalog's first. */
export function initialCoin(asked: string | null, coins: readonly CoinInfo[]): string {
  if (asked && coins.some((c) => c.symbol === asked)) return asked;
  if (coins.some((c) => c.symbol === 'USDT')) return 'USDT';
  return coins[0]?.symbol ?? '';
}
