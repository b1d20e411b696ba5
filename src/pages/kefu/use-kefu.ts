import * as Comlink from 'comlink';
import { useCallback, useEffect, useState } from 'react';
import type { KefuView } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';

/** The support chat as the worker keeps it; null until the first view arrives. */
export function useKefu(): KefuView | null {
  const { core } = useCore();
  const [view, setView] = useState<KefuView | null>(null);
  useEffect(() => {
    let stopped = false;
    let id: number | null = null;
    core.kefuWatch(Comlink.proxy((v: KefuView) => !stopped && setView(v))).then(
      (watchId) => {
        if (stopped) void core.kefuUnwatch(watchId).catch(() => undefined);
        else id = watchId;
      },
      (e: unknown) => console.error('kefu watch failed', e),
    );
    return () => {
      stopped = true;
      if (id !== null) void core.kefuUnwatch(id).catch(() => undefined);
    };
  }, [core]);
  return view;
}

/** A chat image as a URL, loaded through the worker (owner-checked on the server). */
export function useChatImage(id: string | null): string | null {
  const { core } = useCore();
  const [url, setUrl] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void core.kefuImage(id).then((u) => live && setUrl({ id, url: u }));
    return () => {
      live = false;
    };
  }, [core, id]);
  return url && url.id === id ? url.url : null;
}

/** Marks the operator's newest message read while the page is visible. */
export function useMarkRead(view: KefuView | null): void {
  const { core } = useCore();
  const newest =
    view?.messages.filter((m) => m.sender === 'operator' && m.readAt === null).at(-1)?.id ?? null;
  const mark = useCallback(() => {
    if (newest !== null && document.visibilityState === 'visible') void core.kefuRead(newest);
  }, [core, newest]);
  useEffect(() => {
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [mark]);
}
