import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EndpointName, Req, Res } from '../../domain/endpoints';
import type { Outcome } from '../../domain/envelope';
import { coreCall } from './core-client';
import { useCore, useUser } from './contexts';
import { handleFailure } from './intents';
import type { CallOptions, Failure } from './intents';
import { useTradePasswordPrompt } from './trade-password-prompt';

/** A call through the worker core whose failures are already handled (spec §8). */
export type Call = <K extends EndpointName>(
  name: K,
  req: Req<K>,
  options?: CallOptions,
) => Promise<Outcome<Res<K>>>;

/** Hands a failed outcome to the one intent handler (spec §8), with what it needs from the app. */
export type FailureHandler = (failure: Failure, options?: CallOptions) => void;

/** The app's intent handler for failures of calls made other than through `useCall`. */
export function useFailureHandler(): FailureHandler {
  const { user, setUser } = useUser();
  const navigate = useNavigate();
  const { askTradePassword } = useTradePasswordPrompt();
  // Read at call time; keeping it out of the deps keeps `call` stable across navigations.
  const { pathname } = useLocation();
  const path = useRef(pathname);
  const signedIn = useRef(user !== null);
  useEffect(() => {
    path.current = pathname;
    signedIn.current = user !== null;
  }, [pathname, user]);

  return useCallback<FailureHandler>(
    (failure, options) =>
      handleFailure(
        failure,
        {
          navigate,
          path: path.current,
          signedIn: signedIn.current,
          signOut: () => setUser(null),
          askTradePassword,
        },
        options,
      ),
    [navigate, setUser, askTradePassword],
  );
}

/**
 * Every page calls the server through this hook: it forwards to `core.call` and hands any
 * failure to the one intent handler, then returns the outcome so forms can show field errors.
 */
export function useCall(): Call {
  const { core } = useCore();
  const onFailure = useFailureHandler();
  return useCallback<Call>(
    async (name, req, options) => {
      let out: Outcome<Res<typeof name>>;
      try {
        out = await coreCall(core, name, req);
      } catch (e) {
        // The worker itself failed (not the server): report it like a server fault, never silently.
        console.error('core.call failed', name, e);
        out = { ok: false, intent: 'serverFault', messageKey: 'serverFault' };
      }
      if (!out.ok) onFailure(out, options);
      return out;
    },
    [core, onFailure],
  );
}
