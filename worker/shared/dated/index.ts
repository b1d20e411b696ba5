// The worker's one dated cache (worker/shared/dated): what the server last answered, kept on the
// device with when it was received, per user, gone at sign-out; public copies (user null) stay.
// - kv.ts: one copy per key (`keepDated` / `loadDated`): the identity pages, the fiat reads, the
//   public terms (public.ts);
// - private-cache.ts: the private reads per request (reads.ts lists them) in the `private` table,
//   kept current by private socket events. Loaded with the first signed-in answer that needs it.
import type { PrivateReads, PrivateReadsDeps } from './private-cache';

export { datedKey, forgetDated, keepDated, loadDated, type DatedCopy, type DatedRow } from './kv';
export {
  PRIVATE_READS,
  isPrivateRead,
  requestText,
  type Dated,
  type DatedOutcome,
  type PrivateRead,
} from './reads';
export {
  PUBLIC_READS,
  isPublicRead,
  loadPublic,
  publicKey,
  readPublic,
  savePublic,
  type PublicRead,
} from './public';
export type { PrivateReads, PrivateReadsDeps } from './private-cache';

/** The private reads over the `private` table; their code loads here, on first use. */
export function loadPrivateReads(deps: PrivateReadsDeps): Promise<PrivateReads> {
  return import('./private-cache').then((m) => m.createPrivateReads(deps));
}
