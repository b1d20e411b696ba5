import { useCallback, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { Empty } from '../../../domain/endpoint-def';
import type { LeverTerms } from '../../../domain/lever';
import type { LeverLiveState } from '../../../worker/core-api';
import { useCore, useUser } from '../../core/contexts';
import { usePublicRead } from '../../core/use-dated-read';

const NONE: Empty = {};

/**
 * The catalog's lever terms (`lever/config`): the server's, else (offline) the device's copy from
 * an earlier visit, else null; `failed` when there is none to show (the page offers a retry). The
 * device's copy also renders a page visited before at once, while the server answers.
 */
export function useLeverTerms(): { terms: LeverTerms | null; failed: boolean; reload(): Promise<void> } {
  const read = usePublicRead('lever/config', NONE);
  return { terms: read.data, failed: read.failed, reload: read.reload };
}

// The last state a watcher saw, so a page visited before renders it at once (dated) while it reloads.
let lastState: { userId: number; state: LeverLiveState } | null = null;

/**
 * The signed-in user's positions and entrusting orders, live: the worker marks them on every spot
 * trade of their pair (no polling). `reload` asks the server again (pull-to-refresh, after a command).
 */
export function useLeverLive(): { state: LeverLiveState | null; reload(): Promise<void> } {
  const { core } = useCore();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const [state, setState] = useState<LeverLiveState | null>(
    lastState && lastState.userId === userId ? lastState.state : null,
  );
  const id = useRef<number | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let gone = false;
    const listener = Comlink.proxy((s: LeverLiveState) => {
      if (gone) return;
      lastState = { userId, state: s };
      setState(s);
    });
    core.watchLever(listener).then(
      (w) => {
        if (gone) void core.unwatchLever(w);
        else id.current = w;
      },
      (e: unknown) => console.error('watchLever failed', e),
    );
    return () => {
      gone = true;
      if (id.current !== null) void core.unwatchLever(id.current);
      id.current = null;
    };
  }, [core, userId]);

  const reload = useCallback(async () => {
    if (id.current !== null) await core.reloadLever(id.current);
  }, [core]);
  return { state: userId === null ? null : state, reload };
}
