import { fail } from './app-error';

/** Request fields as received: form values are strings, JSON values may be anything. */
export type Input = Readonly<Record<string, unknown>>;

/** Builds the input of a request: the query for GET, the body (form or JSON object) otherwise. */
export function readInput(method: string, query: unknown, body: unknown): Input {
  const source = method === 'GET' || method === 'HEAD' ? query : body;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return {};
  return source as Input;
}

/**
 * A field as text: numbers and booleans are stringified (JSON clients), arrays and objects are
 * treated as absent so a repeated form field cannot smuggle in a list. Never trims: passwords may
 * legitimately contain spaces.
 */
export function str(input: Input, name: string): string {
  const v = input[name];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** A required text field; raises `required` for the field when empty. */
export function requiredStr(input: Input, name: string): string {
  const v = str(input, name);
  if (v.trim() === '') throw fail('required', name);
  return v;
}

/** A boolean field: true, "true", "1", "on" and "yes" are true. */
export function bool(input: Input, name: string): boolean {
  const v = input[name];
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return typeof v === 'string' && ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase());
}
