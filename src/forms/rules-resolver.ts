import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ErrorKey } from '../../domain/errors';

/** Field-by-field problems as message keys (the shape of domain/rules.ts checks). */
export type Problems<T> = Partial<Record<keyof T & string, ErrorKey>>;

/**
 * A react-hook-form resolver over a domain rule check. Errors carry the message *key*
 * (`type: 'rule'`), so they are translated when shown and follow a language switch.
 */
export function rulesResolver<T extends FieldValues>(check: (values: T) => Problems<T>): Resolver<T> {
  return (values) => {
    const problems = Object.entries(check(values)) as [string, ErrorKey][];
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      problems.map(([field, key]) => [field, { type: 'rule', message: key }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}
