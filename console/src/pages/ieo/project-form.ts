// The IEO project form's values and the request they make (pure, unit-tested). Amounts stay the
// decimal strings the operator typed; the server checks them (domain/ieo-rules.ts parseIeoProject).
import { IEO_PROJECT_FIELDS, type IeoProject, type IeoProjectReq } from '../../../../domain/ieo-types';
import { fromLocalInput, toLocalInput } from '../../forms/datetime';

/** Every field of the form, as text. */
export type ProjectForm = { [K in keyof Required<IeoProjectReq>]: string };

/** The form's fields in their order on the page (also where a server refusal may point). */
export const PROJECT_FIELDS: readonly (keyof ProjectForm)[] = IEO_PROJECT_FIELDS;

/** The time fields (datetime-local in the form, milliseconds on the wire). */
export const PROJECT_TIMES = ['preheatAt', 'opensAt', 'closesAt'] as const;

/** A new project's form: USDT as quote, 8 decimals, the rest empty. */
export function emptyProject(): ProjectForm {
  const form = Object.fromEntries(PROJECT_FIELDS.map((f) => [f, ''])) as ProjectForm;
  return { ...form, quote: 'USDT', coinDecimals: '8' };
}

/** A project's form for editing. */
export function projectToForm(p: IeoProject): ProjectForm {
  return {
    name: p.name,
    coin: p.coin,
    coinName: p.coinName,
    coinDecimals: String(p.coinDecimals),
    quote: p.quote,
    price: p.price,
    lot: p.lot,
    total: p.total,
    cap: p.cap,
    preheatAt: toLocalInput(p.preheatAt),
    opensAt: toLocalInput(p.opensAt),
    closesAt: toLocalInput(p.closesAt),
    website: p.links.website,
    whitepaper: p.links.whitepaper,
    explorer: p.links.explorer,
    description: p.description,
  };
}

/** The request of a form: texts trimmed, times in milliseconds ('' when not a moment, for the server to refuse). */
export function projectRequest(v: ProjectForm): Record<keyof ProjectForm, string | number> {
  const out = Object.fromEntries(PROJECT_FIELDS.map((f) => [f, v[f].trim()])) as Record<
    keyof ProjectForm,
    string | number
  >;
  for (const f of PROJECT_TIMES) out[f] = fromLocalInput(v[f]) ?? '';
  return out;
}

/**
 * Why a project can no longer be edited (a text key), or null while it may: once its window opened
 * (its phase at the server's clock when read, or `now` passed its opening since).
 */
export function projectLocked(p: Pick<IeoProject, 'phase' | 'opensAt'>, now: number): string | null {
  if (p.phase !== 'preheat' || p.opensAt <= now) return 'reviews.ieo.locked';
  return null;
}
