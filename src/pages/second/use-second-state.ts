import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { SecondState } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';

/**
 * The signed-in user's open and recent options from the worker's watcher (device copy first, then
 * the server's, then settlement events). Null while nothing is known or when signed out.
 */
export function useSecondState(userId: number | null): SecondState | null {
  const { core } = useCore();
  const [state, setState] = useState<{ userId: number; s: SecondState } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let gone = false;
    let id: number | null = null;
    const listener = Comlink.proxy((s: SecondState) => {
      if (!gone) setState({ userId, s });
    });
    core.watchSecond(listener).then(
      (w) => {
        if (gone) void core.unwatchSecond(w);
        else id = w;
      },
      (e: unknown) => console.error('watchSecond failed', e),
    );
    return () => {
      gone = true;
      if (id !== null) void core.unwatchSecond(id);
    };
  }, [core, userId]);
  return state && state.userId === userId ? state.s : null;
}
