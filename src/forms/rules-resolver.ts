import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ErrorKey } from '../../domain/errors';

/** Too many decimals in an amount field: the message names how many are allowed (issue 10). */
export interface DecimalsProblem {
  key: 'tooManyDecimals';
  /** Fraction digits the field allows. */
  decimals: number;
}

/** A field's problem: a message key, or a keyed message with the values it names. */
export type Problem = ErrorKey | DecimalsProblem;

/** Field-by-field problems as message keys (the shape of domain/rules.ts checks). */
export type Problems<T> = Partial<Record<keyof T & string, Problem>>;

/** Error type of a {@link DecimalsProblem}; its `message` is the allowed count. */
export const DECIMALS_ERROR = 'decimals';

/** The react-hook-form error of a problem: translated when shown (see errorText). */
export function problemError(problem: Problem): { type: string; message: string } {
  return typeof problem === 'string'
    ? { type: 'rule', message: problem }
    : { type: DECIMALS_ERROR, message: String(problem.decimals) };
}

/**
 * A react-hook-form resolver over a domain rule check. Errors carry the message *key*
 * (`type: 'rule'`), so they are translated when shown and follow a language switch.
 */
export function rulesResolver<T extends FieldValues>(check: (values: T) => Problems<T>): Resolver<T> {
  return (values) => {
    const problems = Object.entries(check(values)) as [string, Problem][];
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      problems.map(([field, problem]) => [field, problemError(problem)]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}
