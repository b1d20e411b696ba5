// Calls a route and reports a failure the way every page does: a role that may not act hears so in
// its language, an ended session goes to the sign-in (session.tsx), any other refusal is toasted.
import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import type { CallResult } from '../../worker/api';
import type { RouteName, RouteReq, RouteRes } from '../../worker/routes';
import { getApi } from './api';
import { toast } from './toast';

/** The text of a failed call in the operator's language. */
export function problemText(
  r: Exclude<CallResult<unknown>, { ok: true }>,
  t: (key: string) => string,
): string {
  if (r.problem === 'forbidden') return t('problem.forbidden');
  if (r.problem === 'network') return t('problem.network');
  if (r.problem === 'signIn') return t('problem.signIn');
  return r.message ?? t('problem.failed');
}

/** `call(name, input)`: the reply's data, or null after the failure was shown. */
export function useCall() {
  const { t } = useTranslation();
  return useCallback(
    async <N extends RouteName>(name: N, input: RouteReq<N>): Promise<RouteRes<N> | null> => {
      const r = (await getApi().call(name, input)) as CallResult<RouteRes<N>>;
      if (r.ok) return r.data;
      if (r.problem !== 'signIn') toast.error(problemText(r, t));
      return null;
    },
    [t],
  );
}
