import { LANGS } from '../../../domain';
import type { LegalConfig } from '../../../domain/legal';
import { parseScaled } from '../../../domain/legal-rules';

/** The fiat P2P terms of the catalog (the `legal` section); the app reads them as `legal/config`. */
export type LegalTerms = LegalConfig;

/** Embedded defaults: the spec's 10 minutes and 3 cancels; fees 0 (an operator may set them). */
export const DEFAULT_LEGAL_TERMS: LegalTerms = {
  coins: [
    { coin: 'USDT', decimals: 2 },
    { coin: 'BTC', decimals: 6 },
    { coin: 'ETH', decimals: 4 },
  ],
  currencies: ['CNY', 'USD', 'IDR', 'VND', 'INR', 'JPY', 'HKD', 'KRW'],
  langCurrency: { zh: 'CNY', en: 'USD', jp: 'JPY', hk: 'HKD', vi: 'VND', hi: 'INR', id: 'IDR', kor: 'KRW' },
  paymentMinutes: 10,
  cancelsPerDay: 3,
  makerFee: '0',
  takerFee: '0',
};

/** Every problem of the terms against the catalog's coins, empty when sound. */
export function legalTermsProblems(t: LegalTerms, coins: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const c of t.coins) {
    if (!coins.has(c.coin)) out.push(`legal coin ${c.coin} is not a catalog coin`);
    if (!Number.isInteger(c.decimals) || c.decimals < 0 || c.decimals > 8)
      out.push(`legal coin ${c.coin} decimals`);
  }
  for (const c of t.currencies) if (!/^[A-Z]{3}$/.test(c)) out.push(`legal currency ${c}`);
  for (const l of LANGS) {
    const c = t.langCurrency[l];
    if (c !== undefined && !t.currencies.includes(c)) out.push(`legal langCurrency ${l}`);
  }
  if (!Number.isInteger(t.paymentMinutes) || t.paymentMinutes < 1) out.push('legal paymentMinutes');
  if (!Number.isInteger(t.cancelsPerDay) || t.cancelsPerDay < 1) out.push('legal cancelsPerDay');
  for (const k of ['makerFee', 'takerFee'] as const) {
    const r = parseScaled(t[k], 8);
    if (r === null || r >= 100_000_000n) out.push(`legal ${k} must be a rate from 0 to below 1`);
  }
  return out;
}
