import { DECIMAL_PATTERN, stepDecimals, UNIT_DECIMALS } from '../../../domain';
import type { Catalog } from './defaults';

const positive = (v: unknown) =>
  typeof v === 'string' && DECIMAL_PATTERN.test(v) && !v.startsWith('-') && /[1-9]/.test(v);
const rate = (v: unknown) =>
  typeof v === 'string' && DECIMAL_PATTERN.test(v) && !v.startsWith('-') && Number(v) < 1;
const whole = (v: unknown, min = 1) => Number.isSafeInteger(v) && (v as number) >= min;

/** Every problem of the catalog's lever section, empty when it is sound. */
export function leverProblems(c: Catalog): string[] {
  const out: string[] = [];
  const l = c.lever;
  if (!l || typeof l !== 'object') return ['lever section missing'];
  const seen = new Set<string>();
  for (const p of l.pairs ?? []) {
    const pair = c.pairs.find((x) => x.symbol === p.symbol);
    const at = `lever pair ${p.symbol}`;
    if (!pair) out.push(`${at}: not a spot pair`);
    if (seen.has(p.symbol)) out.push(`${at}: duplicate`);
    seen.add(p.symbol);
    if (!positive(p.lot)) out.push(`${at}: lot must be a positive decimal`);
    else if (pair && stepDecimals(pair.tickSize) + stepDecimals(p.lot) > UNIT_DECIMALS) {
      // price × hands × lot must be a whole number of ledger units, so PnL is never rounded.
      out.push(`${at}: tick and lot together have more than ${UNIT_DECIMALS} decimals`);
    }
    if (!whole(p.minHands) || !whole(p.maxHands) || p.maxHands < p.minHands) out.push(`${at}: hand bounds`);
    if (!whole(p.maxExposureHands, 0)) out.push(`${at}: maxExposureHands`);
    const m = p.multiples ?? [];
    if (m.length === 0 || m.some((x, i) => !whole(x) || x > 1000 || (i > 0 && x <= m[i - 1]!))) {
      out.push(`${at}: multiples must be ascending whole numbers from 1 to 1000`);
    }
  }
  for (const k of ['openFeeRate', 'closeFeeRate', 'overnightRate'] as const) {
    if (!rate(l[k])) out.push(`lever ${k} must be a rate from 0 to below 1`);
  }
  if (!rate(l.liquidationRiskRate) || !positive(l.liquidationRiskRate)) out.push('lever liquidationRiskRate');
  if (!rate(l.warnRiskRate) || Number(l.warnRiskRate) <= Number(l.liquidationRiskRate)) {
    out.push('lever warnRiskRate must be above liquidationRiskRate and below 1');
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(l.overnightAtUtc ?? ''))
    out.push('lever overnightAtUtc must be HH:MM');
  if (!whole(l.staleMs)) out.push('lever staleMs');
  if (l.tradePassword !== 'never' && l.tradePassword !== 'always') out.push('lever tradePassword');
  const coins = new Set(c.coins.map((x) => x.symbol));
  for (const [coin, amount] of Object.entries(l.demoGrant ?? {})) {
    if (!coins.has(coin) || !positive(amount)) out.push(`lever demoGrant ${coin}`);
  }
  return out;
}
