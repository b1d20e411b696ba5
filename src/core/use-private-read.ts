import { useCallback } from 'react';
import type { Req, Res } from '../../domain/endpoints';
import type { Dated, DatedOutcome, PrivateRead } from '../../worker/core-api';
import { useCore } from './contexts';
import type { CoreRemote } from './core-client';
import { useFailureHandler } from './use-call';

/** When data shown was current and where it came from; null before anything is shown. */
export type DataTime = Pick<Dated<unknown>, 'savedAt' | 'source'> | null;

/** The time of a dated answer, for a page's `AsOf` note. */
export const timeOf = (d: Pick<Dated<unknown>, 'savedAt' | 'source'>): DataTime => ({
  savedAt: d.savedAt,
  source: d.source,
});

/**
 * A private read: the device's copy first (handed to `onCached`, for an instant render, also offline),
 * then the server's answer, or — the server not reached — the device's copy again, dated. Failures
 * go to the one intent handler.
 */
export type PrivateReader = <K extends PrivateRead>(
  name: K,
  req: Req<K>,
  onCached?: (cached: Dated<Res<K>>) => void,
) => Promise<DatedOutcome<Res<K>>>;

// Comlink's Remote erases the generics of these two methods; their typing is restored here, once.
const cachedOf = <K extends PrivateRead>(core: CoreRemote, name: K, req: Req<K>) =>
  core.cachedRead(name, req) as unknown as Promise<Dated<Res<K>> | null>;
const readOf = <K extends PrivateRead>(core: CoreRemote, name: K, req: Req<K>) =>
  core.readPrivate(name, req) as unknown as Promise<DatedOutcome<Res<K>>>;

/** The app's private reader (see {@link PrivateReader}). */
export function usePrivateRead(): PrivateReader {
  const { core } = useCore();
  const onFailure = useFailureHandler();
  return useCallback<PrivateReader>(
    async (name, req, onCached) => {
      let answered = false;
      if (onCached) {
        cachedOf(core, name, req).then(
          (cached) => {
            // The server's answer, if it came first, is never replaced by the older copy.
            if (cached && !answered) onCached(cached);
          },
          () => undefined,
        );
      }
      let out: DatedOutcome<Res<typeof name>>;
      try {
        out = await readOf(core, name, req);
      } catch (e) {
        console.error('core.readPrivate failed', name, e);
        out = { ok: false, intent: 'serverFault', messageKey: 'serverFault' };
      }
      answered = true;
      if (!out.ok) onFailure(out);
      return out;
    },
    [core, onFailure],
  );
}
