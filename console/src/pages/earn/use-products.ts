import { useCallback } from 'react';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';

/** The products, read on each visit of a route (a save returns to the list, which reads them again). */
export function useProducts() {
  const call = useCall();
  const load = useCallback(async () => call('lockming/products', {}), [call]);
  return useLoad(load);
}
