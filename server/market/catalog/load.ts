import fs from 'node:fs';
import { DECIMAL_PATTERN, stepDecimals, UNIT_DECIMALS } from '../../../domain';
import { DEFAULT_CATALOG, type Catalog } from './defaults';

/**
 * The catalog in force: the embedded defaults, with any top-level key replaced by the JSON file
 * named in `file` (CATALOG_FILE). The result is validated; a bad file stops the server at start
 * rather than trading on a broken market.
 */
export function loadCatalog(file: string | undefined): Catalog {
  let catalog: Catalog = DEFAULT_CATALOG;
  if (file) {
    const override = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Catalog>;
    catalog = { ...DEFAULT_CATALOG, ...override };
  }
  const problems = catalogProblems(catalog);
  if (problems.length)
    throw new Error(`invalid catalog${file ? ` ${file}` : ''}:\n- ${problems.join('\n- ')}`);
  return catalog;
}

const positive = (v: string) => DECIMAL_PATTERN.test(v) && !v.startsWith('-') && /[1-9]/.test(v);
const rate = (v: string) => DECIMAL_PATTERN.test(v) && !v.startsWith('-') && Number(v) < 1;

/** Every problem of a catalog, empty when it is sound. */
export function catalogProblems(c: Catalog): string[] {
  const out: string[] = [];
  const coins = new Set<string>();
  for (const coin of c.coins) {
    if (!/^[A-Z0-9]{2,10}$/.test(coin.symbol)) out.push(`coin symbol ${coin.symbol}`);
    if (!Number.isInteger(coin.decimals) || coin.decimals < 0 || coin.decimals > UNIT_DECIMALS) {
      out.push(`coin ${coin.symbol} decimals must be 0..${UNIT_DECIMALS}`);
    }
    if (coins.has(coin.symbol)) out.push(`duplicate coin ${coin.symbol}`);
    coins.add(coin.symbol);
  }
  const pairs = new Set<string>();
  for (const p of c.pairs) {
    if (p.symbol !== `${p.base}/${p.quote}`) out.push(`pair ${p.symbol} must be ${p.base}/${p.quote}`);
    if (!coins.has(p.base) || !coins.has(p.quote)) out.push(`pair ${p.symbol} uses an unknown coin`);
    if (pairs.has(p.symbol)) out.push(`duplicate pair ${p.symbol}`);
    pairs.add(p.symbol);
    for (const k of ['tickSize', 'lotSize', 'minNotional'] as const) {
      if (!positive(p[k])) out.push(`pair ${p.symbol} ${k} must be a positive decimal`);
    }
    for (const k of ['makerFee', 'takerFee'] as const) {
      if (!rate(p[k])) out.push(`pair ${p.symbol} ${k} must be a rate from 0 to below 1`);
    }
    if (
      positive(p.tickSize) &&
      positive(p.lotSize) &&
      stepDecimals(p.tickSize) + stepDecimals(p.lotSize) > UNIT_DECIMALS
    ) {
      // price × quantity must be a whole number of ledger units, so no trade value is ever rounded.
      out.push(`pair ${p.symbol} tick and lot together have more than ${UNIT_DECIMALS} decimals`);
    }
    if (p.status !== 'trading' && p.status !== 'closed') out.push(`pair ${p.symbol} status`);
  }
  for (const q of c.quotes) if (!coins.has(q)) out.push(`quote ${q} is not a coin`);
  for (const [sym, price] of Object.entries(c.simStart)) {
    if (!pairs.has(sym) || !positive(price)) out.push(`simStart ${sym}`);
  }
  for (const [coin, amount] of Object.entries(c.demoGrant)) {
    if (!coins.has(coin) || !positive(amount)) out.push(`demoGrant ${coin}`);
  }
  return out;
}

/** The public part of the catalog, as the app sees it. */
export function publicCatalog(c: Catalog) {
  return { coins: c.coins, pairs: c.pairs, quotes: c.quotes, tradePassword: c.tradePassword };
}
