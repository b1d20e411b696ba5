// The users page's logic, apart from React so the unit tests reach it: what a search sends, the
// five accounts a user's balances are shown under, and how a journal line's kind is named.
import { isJournalKind } from '../../../../domain/journal-kinds';
import type { OpsBalance, OpsUserHit } from '../../../../domain/ops-api';

/** A user's accounts in the app's order (the app's assets page): each is shown, empty or not. */
export const USER_ACCOUNTS = ['spot', 'lever', 'legal', 'second', 'finance'] as const;

/** What `users/search` is sent for the text typed, or null when there is nothing to search. */
export function searchQuery(typed: string): string | null {
  const q = typed.trim();
  return q === '' ? null : q;
}

/** One account's balances, coins in alphabetical order. */
export interface AccountBalances {
  account: string;
  rows: OpsBalance[];
}

/**
 * The balances under the five accounts, in the app's order, each listed even without a coin; an
 * account the console does not know (a later area's) follows them rather than being hidden.
 */
export function balancesByAccount(balances: readonly OpsBalance[]): AccountBalances[] {
  const known: readonly string[] = USER_ACCOUNTS;
  const others = [...new Set(balances.map((b) => b.account).filter((a) => !known.includes(a)))].sort();
  return [...known, ...others].map((account) => ({
    account,
    rows: balances
      .filter((b) => b.account === account)
      .sort((a, b) => (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0)),
  }));
}

/**
 * The key of a journal kind's name in the app's texts (`locales/<lang>/assets.json`,
 * `journal.kinds.<key>`), as the app's own journal names it; null for a kind the app does not list,
 * which is then shown as the ledger wrote it.
 */
export function kindKey(kind: string): string | null {
  return isJournalKind(kind) ? kind.replace(/\./g, '_') : null;
}

/** The admin action a user's state offers: a frozen user can be unfrozen, any other frozen. */
export function accessAction(user: Pick<OpsUserHit, 'frozen'>): 'freeze' | 'unfreeze' {
  return user.frozen ? 'unfreeze' : 'freeze';
}

/** Whether a decimal string is below zero (an outgoing journal line). */
export function isNegative(value: string): boolean {
  return /^\s*-\s*\d*\.?\d*[1-9]/.test(value);
}
