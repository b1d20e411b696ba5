import { parseBankCard } from '../../../domain/funding';
import type { BindCardReq } from '../../../domain/funding';
import type { Problems } from '../../forms/rules-resolver';

/** What the card form holds, as typed. */
export type CardValues = Omit<BindCardReq, 'tradePassword'>;

/** The same check the server runs (domain `parseBankCard`), as form problems. */
export function cardProblems(v: CardValues): Problems<CardValues> {
  const out = parseBankCard(v);
  if ('ok' in out) return {};
  const { field, key } = out.problem;
  return field === 'tradePassword' ? {} : { [field]: key };
}
