// Who is signed in, for the whole console: the navigation, the pages' buttons and the sign-in page.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpsDuty, OpsMe } from '../../../domain/ops-api';
import type { SignOutReason } from '../../worker/api';
import { getApi, onSignedOut } from './api';

/** The session as the page knows it. `undefined` while the worker is asked. */
export interface SessionState {
  me: OpsMe | null | undefined;
  /** Why the last session ended, for the sign-in page ("signed out after inactivity"); null at first. */
  endedBy: SignOutReason | null;
  signedIn(me: OpsMe): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in operator; a session that ends anywhere (a 401) signs the console out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<OpsMe | null | undefined>(undefined);
  const [endedBy, setEndedBy] = useState<SignOutReason | null>(null);
  useEffect(() => {
    let live = true;
    void getApi()
      .me()
      .then((r) => live && setMe(r.ok ? r.data : null));
    const off = onSignedOut((reason) => {
      setEndedBy(reason);
      setMe(null);
    });
    return () => {
      live = false;
      off();
    };
  }, []);
  const signOut = useCallback(async () => {
    await getApi().logout();
    setMe(null);
  }, []);
  const signedIn = useCallback((next: OpsMe) => {
    setEndedBy(null);
    setMe(next);
  }, []);
  const value = useMemo<SessionState>(
    () => ({ me, endedBy, signedIn, signOut }),
    [me, endedBy, signedIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session. */
export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** Whether the signed-in operator's role holds `duty`. */
export function useDuty(duty: OpsDuty): boolean {
  return useSession().me?.duties.includes(duty) ?? false;
}
