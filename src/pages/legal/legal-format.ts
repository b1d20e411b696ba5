import { formatNumber, NO_NUMBER } from '../../../domain/display';
import { BCP47, type Lang } from '../../../domain/locale';
import type { LegalConfig } from '../../../domain/legal';

/** A fiat price or amount (2 decimals) in the language's separators. */
export function fiatText(value: string, lang: Lang): string {
  return formatNumber(value, { locale: BCP47[lang], decimals: 2 });
}

// Coin quantities are not written here: CoinAmount (or the page's numbers.coin in a sentence) shows
// them at the coin's display decimals, as every other page does (issue 29).

/**
 * The P2P decimals of `coin` (8 when the terms do not name it): what a taken quantity is floored
 * to, not how one is shown.
 */
export function coinDecimals(config: LegalConfig | null, coin: string): number {
  return config?.coins.find((c) => c.coin === coin)?.decimals ?? 8;
}

/**
 * A completion rate such as `0.9583` as `95.83%`. The decimal point is moved in the text, so no
 * binary arithmetic touches it; null (no orders) shows a dash.
 */
export function rateText(rate: string | null, lang: Lang): string {
  if (rate === null) return NO_NUMBER;
  const m = /^(\d+)\.(\d{2})(\d*)$/.exec(rate);
  if (!m) return NO_NUMBER;
  const points = `${Number(m[1]) * 100 + Number(m[2])}.${m[3] || '0'}`;
  return `${formatNumber(points, { locale: BCP47[lang], decimals: 2, trim: true })}%`;
}

/** Whole seconds as `mm:ss` (a countdown). */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A duration in seconds as the largest sensible unit: key and count for `legal:time.*`. */
export function durationParts(sec: number): { unit: 'sec' | 'min' | 'hour'; n: number } {
  if (sec < 60) return { unit: 'sec', n: sec };
  if (sec < 3600) return { unit: 'min', n: Math.round(sec / 60) };
  return { unit: 'hour', n: Math.round(sec / 3600) };
}
