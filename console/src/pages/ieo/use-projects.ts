import { useCallback } from 'react';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';

/** The projects, read on each visit of a route (a save returns to the list, which reads them again). */
export function useProjects() {
  const call = useCall();
  const load = useCallback(async () => call('ieo/projects', {}), [call]);
  return useLoad(load);
}
