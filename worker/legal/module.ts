// The fiat (P2P) area of the worker: the exact take conversion, the form's amounts, and the device
// copy of the fiat reads a page shows first on a weak network. The conversion code loads with its
// first use; the copies are part of the worker's first load (a first visit's hall needs no chunk).
import type { EndpointName, ErrorKey, Req, Res } from '../../domain';
import type { WorkerModuleFactory } from '../module';
import type { LegalQuote, LegalQuoteQuery } from './legal';
import { loadLegal, saveLegal, type CachedReply } from './legal-copies';

/** The fiat area's part of CoreApi. */
export interface LegalApi {
  /** The exact take conversion of a fiat ad (by amount or by quantity), floored like the server. */
  legalQuote(query: LegalQuoteQuery): Promise<LegalQuote>;
  /** Amounts of a fiat form as typed in `locale` (plain decimals or null) and the store limits rule (spec §5). */
  legalParse(
    texts: Record<string, string>,
    locale: string,
  ): Promise<{ values: Record<string, string | null>; limits: ErrorKey | null }>;
  /**
   * What the worker last received for a fiat read (`legal/ads`, `legal/order` …) with the same
   * request, for the signed-in user, and when; null when nothing is kept. Pages show it first, dated.
   */
  cachedLegal<K extends EndpointName>(name: K, req: Req<K>): Promise<CachedReply<Res<K>> | null>;
}

export const legalModule: WorkerModuleFactory<LegalApi> = ({ store, ready, userId }) => {
  // The copies being kept, one after another (a later answer's copy is written after an earlier one's).
  let saving: Promise<unknown> = Promise.resolve();
  return {
    api: {
      legalQuote: async (query) => (await import('./legal')).legalQuote(query),
      legalParse: async (texts, locale) => (await import('./legal')).legalParse(texts, locale),
      async cachedLegal(name, req) {
        await ready();
        // What this worker received before is read after its copy is kept.
        await saving;
        return loadLegal(store, name, req, userId()) as never;
      },
    },
    answered(answer) {
      if (!answer.outcome.ok || !answer.name.startsWith('legal/')) return Promise.resolve();
      const { name, req, outcome } = answer;
      const owner = answer.userId;
      const at = Date.now();
      // The device copy is for the next visit: the page's answer does not wait for it (the P2P
      // hall's ads were asked for only after it was kept). A copy whose user signed out meanwhile
      // is not kept (sign-out forgets the user's copies).
      saving = saving
        .then(() => (owner === userId() ? saveLegal(store, name, req, owner, outcome.data, at) : undefined))
        .catch((err: unknown) => console.warn('legal: device copy not kept', err));
      return Promise.resolve();
    },
  };
};
