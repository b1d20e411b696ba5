import type { ErrorKey } from './errors';
import type { IeoLinks, IeoPhase, IeoProjectReq } from './ieo-types';
import { fromUnits, toUnits, UNIT_DECIMALS } from './ledger';
import { hasAtMostDecimals } from './money';

/** Longest project name, description and link, in characters. */
export const IEO_LIMITS = { name: 60, coinName: 40, description: 2000, link: 300 } as const;

/** The phase of a project at `now` (epoch ms): before `opensAt` preheat, until `closesAt` subscribe. */
export function ieoPhaseAt(p: { opensAt: number; closesAt: number }, now: number): IeoPhase {
  if (now < p.opensAt) return 'preheat';
  return now < p.closesAt ? 'subscribe' : 'ended';
}

/** The project number users see: `IEO-` and the id, four digits at least. */
export const ieoNumber = (id: number): string => `IEO-${String(id).padStart(4, '0')}`;

const AMOUNT = /^\d+(\.\d+)?$/;

/** What a subscription form needs of its project, amounts in ledger units (1e-8). */
export interface SubscribeLimits {
  quoteDecimals: number;
  lotCostUnits: bigint;
  capUnits: bigint;
}

/**
 * The first problem of a subscription amount (decimal string in the quote coin), or null. The form
 * runs it as the user types; the server runs it again with the user's committed total, inside the
 * command. `committedUnits`: what the user already committed to the project.
 */
export function subscribeProblem(
  amount: string,
  p: SubscribeLimits,
  committedUnits: bigint,
): ErrorKey | null {
  const a = amount.trim();
  if (a === '') return 'required';
  if (!AMOUNT.test(a)) return 'amountFormat';
  if (!hasAtMostDecimals(a, p.quoteDecimals)) return 'ieoTooManyDecimals';
  const units = toUnits(a);
  if (units <= 0n) return 'amountPositive';
  if (units < p.lotCostUnits) return 'ieoBelowLot';
  if (committedUnits + units > p.capUnits) return 'ieoAboveCap';
  return null;
}

/** A project as checked: amounts in ledger units of their coin, times epoch ms. */
export interface IeoProjectInput {
  name: string;
  coin: string;
  coinName: string;
  coinDecimals: number;
  quote: string;
  price: string;
  lot: string;
  total: string;
  cap: string;
  lotUnits: bigint;
  totalUnits: bigint;
  capUnits: bigint;
  /** lot × price, quote units; exact in the quote coin's decimals. */
  lotCostUnits: bigint;
  totalLots: bigint;
  preheatAt: number;
  opensAt: number;
  closesAt: number;
  links: IeoLinks;
  description: string;
}

/** A field of the operator's project form and the key of its first problem. */
export interface IeoProjectProblem {
  field: keyof IeoProjectReq;
  key: ErrorKey;
}

const UNIT = 10n ** BigInt(UNIT_DECIMALS);
const len = (s: string) => [...s].length;
const whole = (v: unknown): number | null => {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,15}$/.test(t) ? Number(t) : null;
};

/**
 * Checks an operator's project. `quoteDecimals` is the quote coin's catalog decimals (undefined when
 * it is not a catalog coin). The lot must cost an exact amount of the quote coin, the total must be
 * whole lots, the cap at least one lot, and the windows in order.
 */
export function parseIeoProject(
  req: Partial<Record<keyof IeoProjectReq, unknown>>,
  quoteDecimals: number | undefined,
): { ok: IeoProjectInput } | IeoProjectProblem {
  const text = (k: keyof IeoProjectReq) => (typeof req[k] === 'string' ? (req[k] as string).trim() : '');
  const name = text('name');
  const coin = text('coin').toUpperCase();
  const coinName = text('coinName');
  if (!name) return { field: 'name', key: 'required' };
  if (len(name) > IEO_LIMITS.name) return { field: 'name', key: 'textTooLong' };
  if (!/^[A-Z0-9]{2,10}$/.test(coin)) return { field: 'coin', key: 'ieoProjectInvalid' };
  if (!coinName) return { field: 'coinName', key: 'required' };
  if (len(coinName) > IEO_LIMITS.coinName) return { field: 'coinName', key: 'textTooLong' };
  const coinDecimals = whole(req.coinDecimals);
  if (coinDecimals === null || coinDecimals > UNIT_DECIMALS)
    return { field: 'coinDecimals', key: 'ieoProjectInvalid' };
  const quote = text('quote').toUpperCase();
  if (quoteDecimals === undefined) return { field: 'quote', key: 'unknownCoin' };
  const amounts = { price: text('price'), lot: text('lot'), total: text('total'), cap: text('cap') };
  const decimalsOf = { price: UNIT_DECIMALS, lot: coinDecimals, total: coinDecimals, cap: quoteDecimals };
  const units = {} as Record<keyof typeof amounts, bigint>;
  for (const k of ['price', 'lot', 'total', 'cap'] as const) {
    const v = amounts[k];
    if (!AMOUNT.test(v)) return { field: k, key: v ? 'amountFormat' : 'required' };
    if (!hasAtMostDecimals(v, decimalsOf[k])) return { field: k, key: 'ieoTooManyDecimals' };
    units[k] = toUnits(v);
    if (units[k] <= 0n) return { field: k, key: 'amountPositive' };
  }
  const product = units.lot * units.price;
  const quoteStep = 10n ** BigInt(UNIT_DECIMALS - quoteDecimals);
  if (product % UNIT !== 0n || (product / UNIT) % quoteStep !== 0n)
    return { field: 'lot', key: 'ieoProjectInvalid' };
  const lotCostUnits = product / UNIT;
  if (units.total % units.lot !== 0n) return { field: 'total', key: 'ieoProjectInvalid' };
  if (units.cap < lotCostUnits) return { field: 'cap', key: 'ieoProjectInvalid' };
  const preheatAt = whole(req.preheatAt);
  const opensAt = whole(req.opensAt);
  const closesAt = whole(req.closesAt);
  if (preheatAt === null) return { field: 'preheatAt', key: 'ieoProjectInvalid' };
  if (opensAt === null || opensAt < preheatAt) return { field: 'opensAt', key: 'ieoProjectInvalid' };
  if (closesAt === null || closesAt <= opensAt) return { field: 'closesAt', key: 'ieoProjectInvalid' };
  const links = { website: text('website'), whitepaper: text('whitepaper'), explorer: text('explorer') };
  for (const k of ['website', 'whitepaper', 'explorer'] as const) {
    const v = links[k];
    if (v && (len(v) > IEO_LIMITS.link || !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(v))) {
      return { field: k, key: 'ieoProjectInvalid' };
    }
  }
  const description = text('description');
  if (len(description) > IEO_LIMITS.description) return { field: 'description', key: 'textTooLong' };
  return {
    ok: {
      name,
      coin,
      coinName,
      coinDecimals,
      quote,
      // Stored as given, without trailing zeros, so a replay reads the exact figures.
      price: fromUnits(units.price).replace(/\.?0+$/, ''),
      lot: fromUnits(units.lot).replace(/\.?0+$/, ''),
      total: fromUnits(units.total).replace(/\.?0+$/, ''),
      cap: fromUnits(units.cap).replace(/\.?0+$/, ''),
      lotUnits: units.lot,
      totalUnits: units.total,
      capUnits: units.cap,
      lotCostUnits,
      totalLots: units.total / units.lot,
      preheatAt,
      opensAt,
      closesAt,
      links,
      description,
    },
  };
}
