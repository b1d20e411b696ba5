import { useCallback } from 'react';
import { useUser } from './contexts';
import { UNREACHED } from './intents';
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
    // Offline the cached user stays as it is: no toast over the page's saved view.
    const out = await call('user/info', {}, { states: UNREACHED });
    if (out.ok) setUser(out.data);
  }, [call, setUser, signedIn]);
}
