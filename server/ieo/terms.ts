import type { IeoTerms } from '../../domain/ieo-types';
import { isAccountType } from '../../domain';

/** Without an `ieo` section in the catalog: commits frozen in `spot`, the trade password asked. */
export const DEFAULT_IEO_TERMS: IeoTerms = { account: 'spot', tradePassword: 'always' };

/** The catalog's `ieo` section (CATALOG_FILE), checked; the default where it has none. */
export function ieoTermsOf(catalog: object): IeoTerms {
  const t = (catalog as { ieo?: Partial<IeoTerms> }).ieo;
  if (t === undefined) return DEFAULT_IEO_TERMS;
  const terms = { ...DEFAULT_IEO_TERMS, ...t };
  const problems: string[] = [];
  if (!isAccountType(terms.account)) problems.push(`ieo.account ${String(terms.account)}`);
  if (terms.tradePassword !== 'never' && terms.tradePassword !== 'always') problems.push('ieo.tradePassword');
  if (problems.length) throw new Error(`invalid catalog:\n- ${problems.join('\n- ')}`);
  return terms;
}
