// Who is signed in, for the whole console: the navigation, the pages' buttons and the sign-in page.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpsDuty, OpsMe } from '../../../domain/ops-api';
import { getApi, onSignedOut } from './api';

/** The session as the page knows it. `undefined` while the worker is asked. */
export interface SessionState {
  me: OpsMe | null | undefined;
  signedIn(me: OpsMe): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in operator; a session that ends anywhere (a 401) signs the console out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<OpsMe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void getApi()
      .me()
      .then((r) => live && setMe(r.ok ? r.data : null));
    const off = onSignedOut(() => setMe(null));
    return () => {
      live = false;
      off();
    };
  }, []);
  const signOut = useCallback(async () => {
    await getApi().logout();
    setMe(null);
  }, []);
  const value = useMemo<SessionState>(() => ({ me, signedIn: setMe, signOut }), [me, signOut]);
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
