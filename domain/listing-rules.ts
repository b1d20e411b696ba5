import { addressFormatOk } from './chains';
import type { ErrorKey } from './errors';
import { LISTING_CHAINS, LISTING_LIMITS, type ListingReq } from './listing-types';

/** A field of the listing form and the message key of its first problem. */
export interface ListingProblem {
  field: keyof ListingReq;
  key: ErrorKey;
}

const len = (s: string) => [...s].length;

/** Checks and trims a listing application; the same rules run in the form and on the server. */
export function parseListing(input: Record<keyof ListingReq, string>): { ok: ListingReq } | ListingProblem {
  const v = {
    project: input.project.trim(),
    symbol: input.symbol.trim().toUpperCase(),
    chain: input.chain.trim(),
    contract: input.contract.trim(),
    website: input.website.trim(),
    contact: input.contact.trim(),
    description: input.description.trim(),
  };
  for (const f of ['project', 'symbol', 'chain', 'contract', 'website', 'contact'] as const) {
    if (!v[f]) return { field: f, key: 'required' };
  }
  if (len(v.project) > LISTING_LIMITS.project) return { field: 'project', key: 'textTooLong' };
  if (!/^[A-Z0-9]{2,12}$/.test(v.symbol)) return { field: 'symbol', key: 'listingSymbolFormat' };
  const chain = LISTING_CHAINS.find((c) => c.id === v.chain);
  if (!chain) return { field: 'chain', key: 'unknownChain' };
  if (!addressFormatOk(chain.format, v.contract)) return { field: 'contract', key: 'addressFormat' };
  if (len(v.website) > LISTING_LIMITS.website || !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(v.website)) {
    return { field: 'website', key: 'listingWebsiteFormat' };
  }
  if (len(v.contact) > LISTING_LIMITS.contact) return { field: 'contact', key: 'textTooLong' };
  if (len(v.description) > LISTING_LIMITS.description) return { field: 'description', key: 'textTooLong' };
  return { ok: v };
}
