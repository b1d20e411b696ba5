import { useCallback } from 'react';
import { useUser } from './contexts';
import { useCall } from './use-call';

/**
 * Reloads the signed-in user from the server (credit score, KYC state and level change there).
 * Does nothing when signed out: a signed-out visitor is not sent to the login page for it.
 */
export function useRefreshUser(): () => Promise<void> {
  const call = useCall();
  const { user, setUser } = useUser();
  const signedIn = user !== null;
  return useCallback(async () => {
    if (!signedIn) return;
    const out = await call('user/info', {});
    if (out.ok) setUser(out.data);
  }, [call, setUser, signedIn]);
}
