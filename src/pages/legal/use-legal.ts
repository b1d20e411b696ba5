import { useCallback, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { EndpointName, Req, Res } from '../../../domain/endpoints';
import { LEGAL_CHANNEL, type LegalOrder, type LegalOrderPush } from '../../../domain/legal';
import { useCore, useUser } from '../../core/contexts';
import type { ErrorKey } from '../../../domain/errors';
import { useReconnect } from '../../components/use-reconnect';
import { UNREACHED } from '../../core/intents';
import { useCall } from '../../core/use-call';
import type { DecisionSubject } from '../../../domain/spot';
import { useDecisionReload } from '../../core/use-private-events';

/** A fiat read as a page holds it. */
export interface LegalRead<T> {
  /** The live reply, or what the worker last knew (then `cachedAt` says when), or null. */
  data: T | null;
  /** When the shown data was received, if it is not from this visit. */
  cachedAt: number | null;
  /** The last load failed (the intent handler already said why). */
  failed: boolean;
  /** The server has no such record (or none this caller may see): a state, not a network failure. */
  notFound: boolean;
  reload(): Promise<void>;
}

/**
 * The operator decisions each read shows (the private `decision` event): `legal/me` holds the
 * merchant application, the fiat freeze, and the freeze an appeal's fraud outcome sets.
 */
const DECISIONS: Partial<Record<EndpointName, readonly DecisionSubject[]>> = {
  'legal/me': ['merchant', 'freeze', 'appeal'],
};
const NO_DECISIONS: readonly DecisionSubject[] = [];
/** Failures a fiat page shows as a state of its own, without a toast. */
export const QUIET: readonly ErrorKey[] = ['notFound', ...UNREACHED];

/**
 * Reads `name` with `req`: what the worker last knew first (dated, for a weak network), then the
 * live reply. `req` is compared by value, so an inline object does not reload on every render.
 * `enabled` false (signed out) reads nothing.
 */
export function useLegalRead<K extends EndpointName>(
  name: K,
  req: Req<K>,
  enabled = true,
): LegalRead<Res<K>> {
  const { core } = useCore();
  const call = useCall();
  const key = JSON.stringify(req);
  const [state, setState] = useState<{
    key: string;
    data: Res<K> | null;
    cachedAt: number | null;
    failed: boolean;
    notFound: boolean;
  }>({
    key,
    data: null,
    cachedAt: null,
    failed: false,
    notFound: false,
  });
  const run = useRef(0);

  const fetchLive = useCallback(
    (isCurrent: () => boolean) => {
      const mine = ++run.current;
      // A missing record is shown by the page as its own state, so it raises no toast; nor does an
      // unreached server, whose page shows the saved copy, dated (or its retry).
      return call(name, JSON.parse(key) as Req<K>, { states: QUIET }).then((out) => {
        if (mine !== run.current || !isCurrent()) return;
        if (out.ok) setState({ key, data: out.data, cachedAt: null, failed: false, notFound: false });
        else if (out.intent === 'message' && out.messageKey === 'notFound') {
          setState({ key, data: null, cachedAt: null, failed: true, notFound: true });
        } else setState((s) => ({ ...s, key, failed: true, notFound: false }));
      });
    },
    [call, name, key],
  );
  const reload = useCallback(async () => {
    if (enabled) await fetchLive(() => true);
  }, [enabled, fetchLive]);
  // An operator's decision (merchant approved, freeze lifted …) shows without a reload.
  const { user } = useUser();
  const decisions = DECISIONS[name];
  useDecisionReload(enabled && user !== null && decisions !== undefined, decisions ?? NO_DECISIONS, reload);
  // Back online, the saved copy shown meanwhile is replaced by the server's answer by itself.
  useReconnect(reload);

  useEffect(() => {
    if (!enabled) return;
    let gone = false;
    const request = JSON.parse(key) as Req<K>;
    void core.cachedLegal(name, request).then(
      (cached) => {
        if (gone || !cached) return;
        // Only until the live reply is in.
        setState((s) =>
          s.key === key && s.data && s.cachedAt === null
            ? s
            : { key, data: cached.data, cachedAt: cached.cachedAt, failed: false, notFound: false },
        );
      },
      () => undefined,
    );
    void fetchLive(() => !gone);
    return () => {
      gone = true;
    };
  }, [core, name, key, enabled, fetchLive]);

  const current = state.key === key;
  return {
    data: current ? state.data : null,
    cachedAt: current ? state.cachedAt : null,
    failed: current && state.failed,
    notFound: current && state.notFound,
    reload,
  };
}

/** Listens to the signed-in user's fiat order pushes (the `legal` socket channel). */
export function useLegalPush(onOrder: (order: LegalOrder) => void): void {
  const { core } = useCore();
  const { user } = useUser();
  const latest = useRef(onOrder);
  useEffect(() => {
    latest.current = onOrder;
  }, [onOrder]);
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    let id: number | null = null;
    let gone = false;
    const listener = Comlink.proxy((data: unknown) => {
      const push = data as LegalOrderPush | null;
      if (!gone && push?.type === 'order') latest.current(push.order);
    });
    core.subscribe(LEGAL_CHANNEL, listener).then(
      (sub) => {
        if (gone) void core.unsubscribe(sub);
        else id = sub;
      },
      (e: unknown) => console.error('legal subscribe failed', e),
    );
    return () => {
      gone = true;
      if (id !== null) void core.unsubscribe(id);
    };
  }, [core, signedIn]);
}
