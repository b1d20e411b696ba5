import fs from 'node:fs';
import Decimal from 'decimal.js';
import {
  DECIMAL_PATTERN,
  hasAtMostDecimals,
  stepDecimals,
  UNIT_DECIMALS,
  type AddressFormat,
  type CoinInfo,
} from '../../../domain';
import { leverProblems } from './lever-rules';
import { secondTermsProblems } from '../../../domain/second-rules';
import { referralProblems } from './referral-rules';
import { lockmingCatalogProblems } from '../../../domain/lockming-rules';
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
  // Its own list of coins: `addCoin` grows the catalog in force, never the embedded defaults.
  return { ...catalog, coins: [...catalog.coins] };
}

/**
 * Makes a coin issued on the exchange (a new-coin subscription's) known to the catalog in force:
 * appended to `catalog.coins`, the list every area holds, so balances, transfers and the app's
 * catalog (`market/catalog`) name it from then on. It gets no market, no chain and no withdrawal
 * limit: trading or withdrawing it is the operator's catalog decision later. Idempotent; throws on a
 * coin the catalog's own checks would refuse.
 */
export function addCoin(catalog: Catalog, coin: CoinInfo): void {
  if (catalog.coins.some((c) => c.symbol === coin.symbol)) return;
  const problems = catalogProblems({ ...catalog, coins: [...catalog.coins, coin] });
  if (problems.length) throw new Error(`coin ${coin.symbol} refused:\n- ${problems.join('\n- ')}`);
  catalog.coins.push(coin);
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
    const shown = coin.displayDecimals;
    if (shown !== undefined && (!Number.isInteger(shown) || shown < 0 || shown > coin.decimals)) {
      out.push(`coin ${coin.symbol} displayDecimals must be 0..${coin.decimals}`);
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
  out.push(...fundingProblems(c, coins));
  out.push(...leverProblems(c));
  out.push(
    ...secondTermsProblems(c.second, c.pairs, c.coins.find((x) => x.symbol === c.second.coin)?.decimals),
  );
  out.push(...referralProblems(c.referral));
  out.push(
    ...lockmingCatalogProblems(c.lockming, (coin) => c.coins.find((x) => x.symbol === coin)?.decimals),
  );
  return out;
}

const FORMATS: ReadonlySet<string> = new Set<AddressFormat>([
  'tron',
  'evm',
  'bitcoin',
  'litecoin',
  'dogecoin',
  'solana',
  'xrp',
]);
const decimalsOf = (c: Catalog, coin: string) => c.coins.find((x) => x.symbol === coin)?.decimals ?? 0;

/** Problems of the chains, withdrawal terms and bank-deposit terms. */
function fundingProblems(c: Catalog, coins: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const chains = new Set<string>();
  for (const ch of c.chains) {
    if (!/^[A-Z0-9]{2,12}$/.test(ch.id)) out.push(`chain id ${ch.id}`);
    if (chains.has(ch.id)) out.push(`duplicate chain ${ch.id}`);
    if (!FORMATS.has(ch.format)) out.push(`chain ${ch.id} format ${ch.format}`);
    chains.add(ch.id);
  }
  const seen = new Set<string>();
  for (const t of c.coinChains) {
    const key = `${t.coin} on ${t.chain}`;
    if (!coins.has(t.coin) || !chains.has(t.chain)) out.push(`${key}: unknown coin or chain`);
    if (seen.has(key)) out.push(`duplicate ${key}`);
    seen.add(key);
    const d = decimalsOf(c, t.coin);
    const amountOk = (v: string) => DECIMAL_PATTERN.test(v) && !v.startsWith('-') && hasAtMostDecimals(v, d);
    if (!amountOk(t.withdrawFee)) out.push(`${key}: withdrawFee must be a decimal with at most ${d} places`);
    if (!amountOk(t.withdrawMin) || !positive(t.withdrawMin)) out.push(`${key}: withdrawMin`);
    else if (amountOk(t.withdrawFee) && !new Decimal(t.withdrawMin).gt(t.withdrawFee)) {
      out.push(`${key}: withdrawMin must be above withdrawFee`);
    }
  }
  for (const [coin, limit] of Object.entries(c.withdrawLimits)) {
    if (!coins.has(coin) || !positive(limit.unverified) || !positive(limit.verified)) {
      out.push(`withdrawLimits ${coin}`);
    } else if (new Decimal(limit.verified).lt(limit.unverified)) {
      out.push(`withdrawLimits ${coin}: verified must not be below unverified`);
    }
  }
  const b = c.bankDeposit;
  if (b) {
    if (!coins.has(b.coin)) out.push(`bankDeposit coin ${b.coin}`);
    if (!/^[A-Z]{3}$/.test(b.currency)) out.push('bankDeposit currency must be an ISO 4217 code');
    for (const k of ['rate', 'minAmount', 'maxAmount'] as const) {
      if (!positive(b[k])) out.push(`bankDeposit ${k} must be a positive decimal`);
    }
    if (positive(b.minAmount) && positive(b.maxAmount) && new Decimal(b.maxAmount).lt(b.minAmount)) {
      out.push('bankDeposit maxAmount must not be below minAmount');
    }
    const r = b.receiving;
    if (!r.bank || !r.holder || !/^\d{8,34}$/.test(r.cardNumber)) out.push('bankDeposit receiving account');
  }
  return out;
}

/** The public part of the catalog, as the app sees it. */
export function publicCatalog(c: Catalog) {
  return {
    coins: c.coins,
    pairs: c.pairs,
    quotes: c.quotes,
    tradePassword: c.tradePassword,
    chains: c.chains,
    coinChains: c.coinChains,
    withdrawLimits: c.withdrawLimits,
    bankDeposit: c.bankDeposit,
  };
}
