import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Outcome } from '../../domain/envelope';
import type { ErrorKey } from '../../domain/errors';
import { errorMessage } from '../i18n/i18n';
import { DECIMALS_ERROR } from './rules-resolver';

/** The text of a form error: rule and keyed server errors are translated now; raw server text as is. */
export function errorText(error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === DECIMALS_ERROR)
    return errorMessage('tooManyDecimals', { decimals: Number(error.message) });
  return error.type === 'rule' ? errorMessage(error.message as ErrorKey) : error.message;
}

/**
 * Puts a server field error next to the field it names. `map` renames server fields to form
 * fields (the server says `account`; the form has `mobile` and `email`). Returns true if shown.
 */
export function applyServerFieldError<T extends FieldValues>(
  outcome: Outcome<unknown>,
  setError: UseFormSetError<T>,
  map: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (outcome.ok || !outcome.field || outcome.intent !== 'message') return false;
  const field = map[outcome.field] ?? (outcome.field as Path<T>);
  if (outcome.messageKey)
    setError(field, { type: 'rule', message: outcome.messageKey }, { shouldFocus: true });
  else setError(field, { type: 'server', message: outcome.message ?? '' }, { shouldFocus: true });
  return true;
}
