// Who is signed in, for the whole console: the navigation, the pages' buttons and the sign-in page.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { OpsDuty, OpsMe } from '../../../domain/ops-api';
import type { SignOutReason } from '../../worker/api';
import { getApi, onSignedOut } from './api';

/** The session as the page knows it. `undefined` while the worker is asked. */
export interface SessionState {
  me: OpsMe | null | undefined;
  /**
   * Why the last session ended, for the sign-in page ("signed out after inactivity"): the worker's
   * reason, `self` for the sign-out button, null at first.
   */
  endedBy: SignOutReason | 'self' | null;
  /** The operator whose session ended last (null at first), so only they get their page back. */
  previousId: number | null;
  signedIn(me: OpsMe): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in operator; a session that ends anywhere (a 401) signs the console out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<OpsMe | null | undefined>(undefined);
  const [endedBy, setEndedBy] = useState<SignOutReason | 'self' | null>(null);
  const [previousId, setPreviousId] = useState<number | null>(null);
  // The listeners below outlive renders; they read who was signed in from here.
  const meRef = useRef<OpsMe | null | undefined>(undefined);
  useEffect(() => {
    meRef.current = me;
  }, [me]);
  useEffect(() => {
    let live = true;
    void getApi()
      .me()
      .then((r) => live && setMe(r.ok ? r.data : null));
    const off = onSignedOut((reason) => {
      setEndedBy(reason);
      setPreviousId((id) => meRef.current?.id ?? id);
      setMe(null);
    });
    return () => {
      live = false;
      off();
    };
  }, []);
  const signOut = useCallback(async () => {
    await getApi().logout();
    setEndedBy('self');
    setPreviousId((id) => meRef.current?.id ?? id);
    setMe(null);
  }, []);
  // `endedBy` stays as it was: the sign-in page reads it in the render that leaves it (sign-in.tsx).
  const signedIn = useCallback((next: OpsMe) => setMe(next), []);
  const value = useMemo<SessionState>(
    () => ({ me, endedBy, previousId, signedIn, signOut }),
    [me, endedBy, previousId, signedIn, signOut],
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
