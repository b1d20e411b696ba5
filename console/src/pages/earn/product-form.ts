// The earn product form's values and the request they make (pure, unit-tested). The server checks
// the figures (domain/lockming-rules.ts productSpecProblem) and names the field it refuses.
import { fromUnits } from '../../../../domain/ledger';
import { fromLocalInput, toLocalInput } from '../../forms/datetime';
import type { EarnProduct } from '../../../worker/routes';

/** Every field of the form, as text (`earlyRedeem` a checkbox). */
export interface ProductForm {
  kind: 'lock' | 'savings';
  coin: string;
  name: string;
  days: string;
  dailyRate: string;
  minAmount: string;
  total: string;
  earlyRedeem: boolean;
  opensAt: string;
  closesAt: string;
}

/** The form's fields (where a server refusal may point). */
export const PRODUCT_FIELDS: readonly (keyof ProductForm)[] = [
  'kind',
  'coin',
  'name',
  'days',
  'dailyRate',
  'minAmount',
  'total',
  'earlyRedeem',
  'opensAt',
  'closesAt',
];

/** Ledger units (1e-8, a decimal string of an integer) as the shortest decimal. */
export function unitsText(units: string | null): string {
  if (units === null || !/^\d+$/.test(units)) return '';
  return fromUnits(BigInt(units)).replace(/\.?0+$/, '');
}

/** A new product's form: a USDT lock-up. */
export function emptyProduct(): ProductForm {
  return {
    kind: 'lock',
    coin: 'USDT',
    name: '',
    days: '',
    dailyRate: '',
    minAmount: '',
    total: '',
    earlyRedeem: false,
    opensAt: '',
    closesAt: '',
  };
}

/** A product's form for editing. */
export function productToForm(p: EarnProduct): ProductForm {
  return {
    kind: p.kind,
    coin: p.coin,
    name: p.name,
    days: p.days === null ? '' : String(p.days),
    dailyRate: p.dailyRate,
    minAmount: unitsText(p.minUnits),
    total: unitsText(p.totalUnits),
    earlyRedeem: p.earlyRedeem,
    opensAt: toLocalInput(p.opensAt),
    closesAt: toLocalInput(p.closesAt),
  };
}

/** The request of a form: a savings product sends no period; an empty total or close is none. */
export function productRequest(v: ProductForm): Record<string, string | number | boolean> {
  const opensAt = fromLocalInput(v.opensAt);
  const closesAt = fromLocalInput(v.closesAt);
  return {
    kind: v.kind,
    coin: v.coin.trim().toUpperCase(),
    name: v.name.trim(),
    ...(v.kind === 'lock' && { days: v.days.trim() }),
    dailyRate: v.dailyRate.trim(),
    minAmount: v.minAmount.trim(),
    total: v.total.trim(),
    earlyRedeem: v.kind === 'savings' || v.earlyRedeem,
    // An unreadable moment goes as text the server refuses at its field.
    opensAt: opensAt ?? v.opensAt.trim(),
    ...(closesAt !== null ? { closesAt } : v.closesAt.trim() !== '' && { closesAt: v.closesAt.trim() }),
  };
}

/** Why a product can no longer be edited (a text key), or null: it opened (server refuses too). */
export function productLocked(p: Pick<EarnProduct, 'opensAt'>, now: number): string | null {
  return p.opensAt <= now ? 'reviews.earn.locked' : null;
}

/** Where a product stands at `now`. */
export function productState(
  p: Pick<EarnProduct, 'opensAt' | 'closesAt'>,
  now: number,
): 'upcoming' | 'open' | 'closed' {
  if (now < p.opensAt) return 'upcoming';
  return p.closesAt !== null && now >= p.closesAt ? 'closed' : 'open';
}
