import { useCallback, useEffect, useState } from 'react';
import type { TeamSummary } from '../../../../domain/identity-endpoints';
import { useCall } from '../../../core/use-call';

/** The invite page's team summary. */
export interface TeamState {
  summary: TeamSummary | null;
  failed: boolean;
  reload(): Promise<void>;
}

/** `team/summary`, loaded once and again on `reload`. */
export function useTeam(): TeamState {
  const call = useCall();
  const [summary, setSummary] = useState<TeamSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchSummary = useCallback(() => call('team/summary', {}), [call]);
  const keep = useCallback((out: Awaited<ReturnType<typeof fetchSummary>>) => {
    setFailed(!out.ok);
    if (out.ok) setSummary(out.data);
  }, []);
  useEffect(() => {
    let live = true;
    void fetchSummary().then((out) => live && keep(out));
    return () => {
      live = false;
    };
  }, [fetchSummary, keep]);
  const reload = useCallback(() => fetchSummary().then(keep), [fetchSummary, keep]);
  return { summary, failed, reload };
}
