/**
 * The input side of the one number format (issue 10): amounts as users type them in their locale,
 * and the one rule for too many decimals. Apart from domain/display.ts (which re-exports all of
 * it) so the pages that only show numbers — home among them — load none of this.
 */

import { knownSymbols } from './decimal-text';

/** Separators per locale: reading them costs a `formatToParts`, and every keystroke and render asks. */
const separators = new Map<string, { decimal: string; group: string }>();

/** The decimal and group separators of a locale (`,` and `.` in id). */
export function localeSeparators(locale: string): { decimal: string; group: string } {
  let known = knownSymbols(locale) ?? separators.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    known = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separators.set(locale, Object.freeze(known));
  }
  return known;
}

/**
 * Reads an amount as a user typed it in `locale` into a plain decimal string (`1,5` → `1.5` in id),
 * or null when it is not a non-negative amount. The locale's decimal separator marks the fraction;
 * its group separator is accepted only between groups of three digits (`1.000` is 1000 in id,
 * `1,000` is 1000 in en). A `.` that cannot be a group separator is read as the decimal point, so a
 * keyboard that only offers `.` still works. Spaces are ignored. Nothing is rounded.
 */
export function parseAmount(text: string, locale: string): string | null {
  const { decimal, group } = localeSeparators(locale);
  // Narrow no-break spaces and other spaces group digits in some locales; never meaningful here.
  let t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return null;
  const groupSep = group.replace(/[\s\u00a0\u202f]/g, '');
  const intPart = (s: string) => s.split(decimal)[0] ?? '';
  if (groupSep !== '' && t.includes(groupSep) && groupSep !== decimal) {
    const sep = escapeRe(groupSep);
    // Groups of three, or the Indian lakh grouping (12,34,567): the last group always has three digits.
    const grouped = new RegExp(`^\\d{1,3}(${sep}\\d{2,3})*${sep}\\d{3}$`);
    if (grouped.test(intPart(t))) {
      t = intPart(t).split(groupSep).join('') + t.slice(intPart(t).length);
    } else if (groupSep === '.' && (t.match(/\./g) ?? []).length === 1 && !t.includes(decimal)) {
      return DECIMAL_INPUT.test(t) ? normalise(t) : null;
    } else {
      return null;
    }
  }
  if (decimal !== '.') {
    if (t.includes('.') && t.includes(decimal)) return null;
    t = t.replace(decimal, '.');
  }
  return DECIMAL_INPUT.test(t) ? normalise(t) : null;
}

const DECIMAL_INPUT = /^(\d+(\.\d*)?|\.\d+)$/;

function normalise(t: string): string {
  const [rawInt = '', frac = ''] = t.split('.');
  const int = rawInt.replace(/^0+(?=\d)/, '') || '0';
  return frac === '' ? int : `${int}.${frac}`;
}

/**
 * The one rule for too many decimals in an amount field: refused inline with a message naming the
 * allowed decimals, never silently cut. Returns the allowed count when `value` has more, else null.
 */
export function tooManyDecimals(value: string, allowed: number): number | null {
  // Fraction digits of a plain decimal string (domain/display.ts fractionDigits, not imported: no cycle).
  return (value.split('.')[1]?.length ?? 0) > allowed ? allowed : null;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
