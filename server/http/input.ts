import { fail, notFound } from './app-error';

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

/** Longest digit string the integer parsers read (Number.MAX_SAFE_INTEGER has 16 digits). */
const MAX_DIGITS = 16;

/**
 * The one integer syntax of the API: a canonical decimal integer, i.e. digits only and no leading
 * zero (`0` itself is the only number that starts with one). Signs, hex (`0x79`), exponents
 * (`120e0`), fractions (`118.0`), spaces, leading zeros (`0117`) and any other character make it
 * null, where `Number()` would have read a number; so does a value past Number.MAX_SAFE_INTEGER.
 * One spelling per number means an id or cursor in a log, a cache key or a journal is always the
 * same text. Returns null for the empty string too.
 */
export function parseDigits(text: string): number | null {
  if (text.length === 0 || text.length > MAX_DIGITS) return null;
  if (text.length > 1 && text.charCodeAt(0) === 48) return null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The text of an integer field, '' when absent. Unlike `str`, a list is refused (`badRequest`)
 * rather than read as absent: `limit[]=5`, a repeated `limit` or a JSON array would otherwise fall
 * back to the default, and an id sent as a list would quietly name no record (or, where an absent
 * id means "new", create one). Objects and booleans are refused the same way; a JSON number is
 * read as its decimal text, so `1e21` or `-1` stay malformed. Exported for routes that hand a
 * service plain texts (`legal/adSave`): the list check needs the request's own keys.
 */
export function integerText(input: Input, name: string): string {
  // Form and query parsers keep `name[]` and `name[0]` as keys of their own.
  const prefix = `${name}[`;
  if (Object.keys(input).some((k) => k.startsWith(prefix))) throw fail('badRequest', name);
  const v = input[name];
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw fail('badRequest', name);
}

/**
 * A record id field (order, withdrawal, address, deposit …): a positive integer in `parseDigits`
 * syntax. Absent, it names no record: `notFound`, exactly like an id of someone else's record.
 * Present but not a canonical positive integer, it is malformed: `badRequest` for the field. In
 * both cases nothing is looked up.
 */
export function idField(input: Input, name: string): number {
  const id = optionalIdField(input, name);
  if (id === null) throw notFound();
  return id;
}

/** An id field that may be absent (null), such as the id of a record a form edits or else creates. */
export function optionalIdField(input: Input, name: string): number | null {
  const text = integerText(input, name);
  if (text === '') return null;
  const id = parseDigits(text);
  if (id === null || id < 1) throw fail('badRequest', name);
  return id;
}

/** Bounds of an integer field. */
export interface IntRange {
  min: number;
  max: number;
  /** Value when the field is absent or empty; without it the field is required. */
  fallback?: number;
}

/**
 * A count, cursor or other integer field (`limit`, `before`, `blocks` …) in `parseDigits` syntax
 * within `range`. Empty takes the fallback (or raises `required`); anything else that is not
 * digits within range raises `badRequest` for the field.
 */
export function intField(input: Input, name: string, range: IntRange): number {
  const n = optionalIntField(input, name, range);
  if (n !== null) return n;
  if (range.fallback === undefined) throw fail('required', name);
  return range.fallback;
}

/** An integer field like `intField` that is null when absent (a cursor whose absence means "newest"). */
export function optionalIntField(
  input: Input,
  name: string,
  range: Omit<IntRange, 'fallback'>,
): number | null {
  const text = integerText(input, name);
  if (text === '') return null;
  const n = parseDigits(text);
  if (n === null || n < range.min || n > range.max) throw fail('badRequest', name);
  return n;
}

/**
 * A whole-number field whose allowed values a rule of its area decides, such as a contract
 * `multiple` (times) or an option's `seconds`: null when absent, else any `parseDigits` number.
 * A malformed spelling raises `badRequest` here, so the area's own refusal (`leverMultiple`,
 * `secondUnknownDuration`) is kept for a well-formed value that is not offered.
 */
export function optionalWholeField(input: Input, name: string): number | null {
  return optionalIntField(input, name, { min: 0, max: Number.MAX_SAFE_INTEGER });
}

/**
 * `before` (an id cursor: the first page when absent) and `limit` (1..`max`, `size` when absent) of
 * every history list.
 */
export function pageFields(input: Input, size: number, max: number): { before: number; limit: number } {
  return {
    before: intField(input, 'before', {
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
      fallback: Number.MAX_SAFE_INTEGER,
    }),
    limit: intField(input, 'limit', { min: 1, max, fallback: size }),
  };
}
