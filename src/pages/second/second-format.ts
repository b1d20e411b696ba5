import { formatNumber } from '../../../domain/display';
import type { OptionResult } from '../../../domain/second-rules';

/** Whole seconds left until `expiresAt` on the server's clock (never negative). */
export function secondsLeft(expiresAt: number, deviceNow: number, clockOffsetMs: number): number {
  return Math.max(0, Math.ceil((expiresAt - (deviceNow + clockOffsetMs)) / 1000));
}

/** `m:ss` of a count of seconds. */
export function mmss(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The colour class of a result: won in the up colour, lost in the down colour. */
export function resultClass(result: OptionResult | null): string {
  return result === 'won' ? 'trade-up' : result === 'lost' ? 'trade-down' : 'second-muted';
}

/** Decimals of a decimal string as the server wrote it (prices keep their tick decimals). */
export function decimalsOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** A price as the server wrote it, in the locale's separators with its own decimals (never cut). */
export function formatPrice(price: string, locale: string): string {
  return formatNumber(price, { locale, decimals: decimalsOf(price) });
}

/** `0.85` → `85` as text (a shift of the decimal point, not arithmetic on money). */
export function pctOf(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = (int + frac.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  const cut = digits.length - Math.max(0, frac.length - 2);
  const whole = digits.slice(0, cut) || '0';
  const rest = digits.slice(cut);
  return rest ? `${whole}.${rest}` : whole;
}
