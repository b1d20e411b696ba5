import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Req, Res } from '../../domain/endpoints';
import type { Dated, DatedOutcome, PrivateRead, PublicRead } from '../../worker/core-api';
import { useReconnect } from '../components/use-reconnect';
import { useCore } from './contexts';
import { timeOf, usePrivateRead, type DataTime } from './use-private-read';

/** One dated read as a page holds it. */
export interface DatedRead<T> {
  /** The server's answer, or the device's copy (then `time.source` is `cache`), or null. */
  data: T | null;
  /** When `data` was current and where it came from; null while there is none. */
  time: DataTime;
  /** The last read failed with nothing to show (offline with nothing saved, refused, fault). */
  failed: boolean;
  reload(): Promise<void>;
}

/** Reads one dated answer: hands the device's copy to `onCached` first, then answers. */
export type DatedReader<T> = (onCached: (cached: Dated<T>) => void) => Promise<DatedOutcome<T>>;

interface Held<T> {
  key: string;
  data: T | null;
  time: DataTime;
  failed: boolean;
}

/**
 * A page's dated read: the device's copy at once, then the server's answer; the copy stays, dated,
 * when the server cannot be reached, and is read again as soon as it can (a page left open offline
 * recovers by itself). `key` names what is read (null: nothing to read, such as signed out); a new
 * key starts over and answers for an older one are dropped. `read` must change with `key` only.
 */
export function useDatedRead<T>(key: string | null, read: DatedReader<T>): DatedRead<T> {
  const [held, setHeld] = useState<Held<T> | null>(null);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  const load = useCallback(async () => {
    if (key === null) return;
    let answered = false;
    const out = await read((cached) => {
      // Only a first render: never over an answer this key already shows.
      if (answered || keyRef.current !== key) return;
      startTransition(() =>
        setHeld((h) =>
          h?.key === key && h.data !== null
            ? h
            : { key, data: cached.data, time: timeOf(cached), failed: false },
        ),
      );
    });
    answered = true;
    if (keyRef.current !== key) return;
    // A transition: what an answer brings (often a whole page's content) renders in slices that
    // leave the main thread to input, instead of one long task (the contract page's first visit).
    startTransition(() => {
      if (out.ok) setHeld({ key, data: out.data, time: timeOf(out), failed: false });
      else
        setHeld((h) =>
          h?.key === key ? { ...h, failed: h.data === null } : { key, data: null, time: null, failed: true },
        );
    });
  }, [key, read]);

  useEffect(() => {
    void load();
  }, [load]);
  // Back online: whatever is shown may be old, and a failed read may now succeed.
  useReconnect(useCallback(() => void load(), [load]));

  const mine = held && held.key === key ? held : null;
  return { data: mine?.data ?? null, time: mine?.time ?? null, failed: mine?.failed ?? false, reload: load };
}

/**
 * A public read a page cannot render without (`PUBLIC_READS`: contract and option terms, the live
 * stream), dated: offline after one visit it renders from the device instead of waiting forever.
 * Quiet: a page shows its own failed state, and offline the banner already says why.
 */
export function usePublicRead<K extends PublicRead>(name: K, req: Req<K>): DatedRead<Res<K>> {
  const { core } = useCore();
  const key = `${name}|${JSON.stringify(req)}`;
  const read = useCallback<DatedReader<Res<K>>>(
    async (onCached) => {
      const request = JSON.parse(key.slice(name.length + 1)) as Req<K>;
      // Comlink's Remote erases these methods' generics; their typing is restored here.
      void (core.cachedPublic(name, request) as unknown as Promise<Dated<Res<K>> | null>).then(
        (cached) => cached && onCached(cached),
        () => undefined,
      );
      try {
        return await (core.readPublic(name, request) as unknown as Promise<DatedOutcome<Res<K>>>);
      } catch (e) {
        console.error('core.readPublic failed', name, e);
        return { ok: false, intent: 'serverFault', messageKey: 'serverFault' };
      }
    },
    [core, name, key],
  );
  return useDatedRead(key, read);
}

/**
 * One private read that is not a paged list (payment methods), dated, through the private cache
 * (see usePrivateRead); `userId` null reads nothing.
 */
export function usePrivateData<K extends PrivateRead>(
  name: K,
  req: Req<K>,
  userId: number | null,
): DatedRead<Res<K>> {
  const readPrivate = usePrivateRead();
  const key = userId === null ? null : `${userId}|${name}|${JSON.stringify(req)}`;
  const request = JSON.stringify(req);
  const read = useCallback<DatedReader<Res<K>>>(
    (onCached) => readPrivate(name, JSON.parse(request) as Req<K>, onCached),
    [readPrivate, name, request],
  );
  return useDatedRead(key, read);
}
