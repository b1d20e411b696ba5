import { useMemo } from 'react';
import { formatNumber, fractionDigits } from '../../../domain/display';
import { BCP47 } from '../../../domain/locale';
import { stepDecimals } from '../../../domain/market';
import { usePrefs } from '../../core/contexts';

/** Shown where a value does not exist yet. */
export const NONE = '—';

/**
 * A ratio with 4 decimals (`1.0781`) as percentage points (`107.81`), by moving the decimal point
 * in the text: exact, nothing is rounded.
 */
export function ratioToPoints(ratio: string): string {
  const neg = ratio.startsWith('-');
  const [w = '0', f = ''] = (neg ? ratio.slice(1) : ratio).split('.');
  const frac = f.padEnd(4, '0');
  const int = `${w === '0' ? '' : w}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '') || '0';
  return `${neg ? '-' : ''}${int}.${frac.slice(2)}`;
}

/** Number formatting of the lever pages in the UI language, floored (domain/display.ts). */
export function useLeverFormat() {
  const { lang } = usePrefs();
  const locale = BCP47[lang];
  return useMemo(
    () => ({
      locale,
      // Amounts of a coin, PnL included, are not written here: CoinAmount shows them at the coin's
      // display decimals with the exact value on tap (issue 29: one precision per kind of number).
      /** A price at the pair's tick decimals. */
      price: (v: string | null | undefined, tickSize: string) =>
        v == null ? NONE : formatNumber(v, { locale, decimals: stepDecimals(tickSize) }),
      /** A risk rate as a percentage. */
      risk: (v: string | null | undefined) =>
        v == null ? NONE : `${formatNumber(ratioToPoints(v), { locale, decimals: 2 })}%`,
      /** A price as the server wrote it (at the pair's tick decimals), every digit kept. */
      digits: (v: string | null | undefined) =>
        v == null ? NONE : formatNumber(v, { locale, decimals: fractionDigits(v.trim()) }),
      /** A quantity as written (contract sizes are exact). */
      plain: (v: string | null | undefined) =>
        v == null ? NONE : formatNumber(v, { locale, decimals: 8, trim: true }),
    }),
    [locale],
  );
}

/** Up (gain) or down (loss) class of a signed amount, from its text. */
export const pnlClass = (v: string | null | undefined): string =>
  v == null ? '' : v.startsWith('-') ? 'trade-down' : /[1-9]/.test(v) ? 'trade-up' : '';

/** The multiple the form starts with: 10× where the market offers it, else the market's first. */
export function defaultMultiple(multiples: readonly number[], wanted = 10): number {
  return multiples.includes(wanted) ? wanted : multiples[0]!;
}
