import { useCallback, useEffect, useRef } from 'react';
import { useCore, useUser } from '../../../core/contexts';
import type { KycView } from '../../../../domain/identity-endpoints';
import * as Comlink from 'comlink';
import { channels } from '../../../../domain/market-data';
import { useKept } from './use-kept';

/** While a submission is under review, the page asks again this often, in milliseconds. */
export const KYC_POLL_MS = 10_000;

/** The caller's verification as the page holds it. */
export interface KycState {
  /** Null until the first answer (live, or kept from the last visit). */
  view: KycView | null;
  /** When the shown view was saved, while it is the device's copy. */
  savedAt: number | null;
  /** The last load failed (the intent handler said why). */
  failed: boolean;
  reload(): Promise<void>;
  /** Replaces the view with what a submission returned. */
  set(view: KycView): void;
}

/**
 * `kyc/status`, asked again when the private socket says an operator decided, and every KYC_POLL_MS
 * while under review and when the page becomes visible (the socket may be down), so a decision shows
 * without a manual refresh. Also refreshes the signed-in user, whose
 * `kyc` the rest of the app shows.
 */
export function useKyc(): KycState {
  const { core } = useCore();
  const { user, setUser } = useUser();
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);
  const apply = useCallback(
    (next: KycView) => {
      const u = userRef.current;
      const kyc = next.state === 'rejected' ? 'none' : next.state;
      if (u && u.kyc !== kyc) setUser({ ...u, kyc });
    },
    [setUser],
  );
  const { data: view, savedAt, failed, reload, set } = useKept('kyc/status', apply);

  const reviewing = view?.state === 'review';
  // The operator's decision arrives over the private socket channel; once the server acknowledged
  // the subscription, one more check covers a decision made while it was on its way (checking when
  // the worker merely registered it left a gap: a decision then was neither pushed nor read). The
  // timer below is for when the socket is down.
  useEffect(() => {
    if (!reviewing) return;
    let id: number | null = null;
    let gone = false;
    const listener = Comlink.proxy((data: unknown) => {
      if (!gone && (data as { type?: unknown } | null)?.type === 'kyc') void reload();
    });
    core.subscribe(channels.private, listener).then(
      (sub) => {
        if (gone) void core.unsubscribe(sub);
        else {
          id = sub;
          void core.whenSubscribed(sub).then(() => {
            if (!gone) void reload();
          });
        }
      },
      (e: unknown) => console.error('private subscribe failed', e),
    );
    return () => {
      gone = true;
      if (id !== null) void core.unsubscribe(id);
    };
  }, [core, reviewing, reload]);
  useEffect(() => {
    if (!reviewing) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, KYC_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reviewing, reload]);

  return { view, savedAt, failed, reload, set };
}
