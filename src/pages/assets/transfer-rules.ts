import { TRANSFER_REMARK_MAX } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import type { CoinInfo } from '../../../domain/market';
import { transferRemarkProblem } from '../../../domain/rules';
import type { Problems } from '../../forms/rules-resolver';
import { readAmount } from '../../i18n/numbers';

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
 * The checks made while typing: amount present, a number in the reader's `locale` (`1,5` in id)
 * with at most the coin's decimals (more is refused, never cut), remark within its length and free
 * of coin names (spec §5). The full `parseTransfer` runs on submit; the balance is the server's.
 */
export function transferProblems(
  v: TransferValues,
  coins: readonly CoinInfo[],
  locale: string,
): Problems<TransferValues> {
  const out: Problems<TransferValues> = {};
  const allowed = coins.find((c) => c.symbol === v.coin)?.decimals ?? null;
  const read = readAmount(v.amount, locale, allowed);
  if ('problem' in read) out.amount = read.problem;
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
