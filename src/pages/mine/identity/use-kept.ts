import { useCallback, useEffect, useRef, useState } from 'react';
import type { Res } from '../../../../domain/endpoints';
import type { PrivateCachedName } from '../../../../worker/core-api';
import { useCore } from '../../../core/contexts';
import { UNREACHED } from '../../../core/intents';
import { useCall } from '../../../core/use-call';

/** One identity call's answer as a page holds it. */
export interface Kept<K extends PrivateCachedName> {
  /** The live answer, or until it comes the one kept on the device; null when there is neither. */
  data: Res<K> | null;
  /** When the shown answer was saved, while it is the device's copy; null once live. */
  savedAt: number | null;
  /** The last load failed (the intent handler said why). */
  failed: boolean;
  reload(): Promise<void>;
  /** Replaces the answer with a newer one (what a submission returned). */
  set(data: Res<K>): void;
}

/**
 * Loads `name` (an identity call without fields) and shows, until the answer arrives or when it
 * cannot, what the worker kept from the last visit, dated. `onData` sees every answer shown.
 */
export function useKept<K extends PrivateCachedName>(name: K, onData?: (data: Res<K>) => void): Kept<K> {
  const { core } = useCore();
  const call = useCall();
  const [data, setData] = useState<Res<K> | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const live = useRef(false);
  const seen = useRef(onData);
  useEffect(() => {
    seen.current = onData;
  }, [onData]);

  const show = useCallback((next: Res<K>, at: number | null) => {
    setData(next);
    setSavedAt(at);
    seen.current?.(next);
  }, []);

  const fetchData = useCallback(
    // Every kept call takes no fields. Unreached, the kept copy (or the page's retry) shows: no toast.
    () => call(name, {} as Parameters<typeof call<K>>[1], { states: UNREACHED }),
    [call, name],
  );
  const keep = useCallback(
    (out: Awaited<ReturnType<typeof fetchData>>) => {
      setFailed(!out.ok);
      if (!out.ok) return;
      live.current = true;
      show(out.data, null);
    },
    [show],
  );

  useEffect(() => {
    let on = true;
    core.cachedPrivate(name).then(
      (kept) => {
        if (on && kept && !live.current) show(kept.data, kept.savedAt);
      },
      () => undefined,
    );
    void fetchData().then((out) => on && keep(out));
    return () => {
      on = false;
    };
  }, [core, name, fetchData, keep, show]);

  const reload = useCallback(() => fetchData().then(keep), [fetchData, keep]);
  const set = useCallback(
    (next: Res<K>) => {
      live.current = true;
      show(next, null);
    },
    [show],
  );
  return { data, savedAt, failed, reload, set };
}
