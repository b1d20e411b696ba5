import { isJournalKind } from '../../../domain/assets';
import { isAccountType } from '../../../domain/ledger';
import type { AccountType } from '../../../domain/ledger';

/** A plain non-negative decimal as typed: the only shape worth asking the worker to floor. */
export const AMOUNT_TEXT = /^\d+(\.\d+)?$/;

/** Shown where an estimate does not exist (a coin held without a price). */
export const NO_VALUE = '—';

/**
 * The locale key of a kind's label under `assets:journal.kinds`, or null for a kind the server does
 * not write (JOURNAL_KINDS names every one it does). i18next splits keys at dots, so `spot.freeze`
 * is stored as `spot_freeze`.
 */
export function kindLabelKey(kind: string): string | null {
  return isJournalKind(kind) ? kind.replace(/\./g, '_') : null;
}

/** True when a decimal string is zero (`0`, `0.00000000`). Text only: no number is made of it. */
export function isZeroAmount(value: string): boolean {
  return /^[+-]?0*(\.0*)?$/.test(value.trim()) && /\d/.test(value);
}

/** Which way a journal delta moved money: shown as a word and a sign as well as a colour. */
export type AmountDirection = 'income' | 'expense' | 'none';

/**
 * The direction of a signed decimal string (the journal's `delta`); the number itself is written by
 * domain/display.ts (`formatNumber` with `signed`). A sign test on text: no arithmetic.
 */
export function amountDirection(delta: string): AmountDirection {
  const raw = delta.trim();
  if (isZeroAmount(raw)) return 'none';
  return raw.startsWith('-') ? 'expense' : 'income';
}

/** The account named by a query parameter, or `fallback` when it names none of the five. */
export function accountParam(value: string | null, fallback: AccountType = 'spot'): AccountType {
  return isAccountType(value) ? value : fallback;
}

/** The account named by a query parameter, or null (a filter's "all accounts"). */
export function optionalAccount(value: string | null): AccountType | null {
  return isAccountType(value) ? value : null;
}
