import type { ErrorKey } from '../../domain';
import { compareDecimalStrings, parseAmount } from '../../domain/display';
import { FIAT_DECIMALS, parseScaled, quoteTake, quoteText } from '../../domain/legal-rules';
import { storeLimitsProblem } from '../../domain/rules';

/** A take to convert: by fiat amount or by coin quantity, at an ad's price. */
export interface LegalQuoteQuery {
  /** The ad's price, fiat per coin, 2 decimals. */
  price: string;
  by: 'amount' | 'qty';
  /** What the user typed, in the language's number format (`locale`). */
  text: string;
  /** BCP-47 tag whose separators `text` uses. */
  locale: string;
  /** The coin's P2P decimals (LegalConfig.coins). */
  coinDecimals: number;
  /** The ad's limits per order (fiat) and what it has left (coin), decimal strings. */
  min: string;
  max: string;
  remaining: string;
}

/** The exact conversion, floored like the server computes it, and why it cannot be taken, if so. */
export interface LegalQuote {
  /** `text` as a plain decimal, or null when it is not a number. */
  value: string | null;
  qty: string | null;
  amount: string | null;
  problem: 'invalid' | 'outside' | 'beyond' | null;
}

/** The take conversion (domain/legal-rules.ts, the server's code): the UI does no arithmetic on money. */
export function legalQuote(q: LegalQuoteQuery): LegalQuote {
  const value = parseAmount(q.text, q.locale);
  const price = parseScaled(q.price, FIAT_DECIMALS);
  const quote = value === null || price === null ? null : quoteTake(q.by, value, price, q.coinDecimals);
  if (!quote) return { value, qty: null, amount: null, problem: q.text.trim() ? 'invalid' : null };
  const { qty, amount } = quoteText(quote, q.coinDecimals);
  let problem: LegalQuote['problem'] = null;
  if (
    quote.qtyUnits === 0n ||
    compareDecimalStrings(amount, q.min) < 0 ||
    compareDecimalStrings(amount, q.max) > 0
  ) {
    problem = 'outside';
  } else if (compareDecimalStrings(qty, q.remaining) > 0) problem = 'beyond';
  return { value, qty, amount, problem };
}

/** Amounts of a form as typed in `locale`, each as a plain decimal or null, and the store limits rule. */
export function legalParse(
  texts: Record<string, string>,
  locale: string,
): { values: Record<string, string | null>; limits: ErrorKey | null } {
  const values = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, parseAmount(v, locale)]));
  const min = values.min;
  const max = values.max;
  return { values, limits: min && max ? storeLimitsProblem(min, max) : null };
}
