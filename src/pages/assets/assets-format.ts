import { JOURNAL_KINDS } from '../../../domain/assets';
import { isAccountType } from '../../../domain/ledger';
import type { AccountType } from '../../../domain/ledger';

/** A plain non-negative decimal as typed: the only shape worth asking the worker to floor. */
export const AMOUNT_TEXT = /^\d+(\.\d+)?$/;

/** Shown where an estimate does not exist (a coin held without a price). */
export const NO_VALUE = '—';

/**
 * Ledger kinds with a translated label: the ones JOURNAL_KINDS names plus the funding flows
 * (deposits and the life of a withdrawal). Any other kind is shown as written.
 */
export const LABELLED_KINDS: readonly string[] = [
  // A set: JOURNAL_KINDS already names most funding kinds, and the filter listed them twice.
  ...new Set<string>([
    ...JOURNAL_KINDS,
    'deposit.crypto',
    'deposit.bank',
    'withdraw.freeze',
    'withdraw.send',
    'withdraw.release',
    'withdraw.reject',
    'withdraw.cancel',
  ]),
];

/**
 * The locale key of a kind's label under `assets:journal.kinds`, or null for an unknown kind.
 * i18next splits keys at dots, so `spot.freeze` is stored as `spot_freeze`.
 */
export function kindLabelKey(kind: string): string | null {
  return LABELLED_KINDS.includes(kind) ? kind.replace(/\./g, '_') : null;
}

/** True when a decimal string is zero (`0`, `0.00000000`). Text only: no number is made of it. */
export function isZeroAmount(value: string): boolean {
  return /^[+-]?0*(\.0*)?$/.test(value.trim()) && /\d/.test(value);
}

/** A journal delta as the list shows it: the sign always written, and which way the money went. */
export interface SignedAmount {
  /** Such as `+12.5` or `-0.001`; trailing zeros of the fraction dropped. */
  text: string;
  direction: 'income' | 'expense' | 'none';
}

/**
 * Formats a signed decimal string (the journal's `delta`) with an explicit sign, so income and
 * expense do not rely on colour alone. Text only: the value is never rounded.
 */
export function signedAmount(delta: string): SignedAmount {
  const raw = delta.trim();
  const negative = raw.startsWith('-');
  const body = trimFraction(raw.replace(/^[+-]/, ''));
  if (isZeroAmount(body)) return { text: body, direction: 'none' };
  return negative ? { text: `-${body}`, direction: 'expense' } : { text: `+${body}`, direction: 'income' };
}

/** A decimal string without the zeros that end its fraction (`500.0000000` → `500`). Text only. */
export function trimFraction(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The account named by a query parameter, or `fallback` when it names none of the five. */
export function accountParam(value: string | null, fallback: AccountType = 'spot'): AccountType {
  return isAccountType(value) ? value : fallback;
}

/** The account named by a query parameter, or null (a filter's "all accounts"). */
export function optionalAccount(value: string | null): AccountType | null {
  return isAccountType(value) ? value : null;
}
