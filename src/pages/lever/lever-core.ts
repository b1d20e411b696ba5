import type { LeverApi, LeverMethod } from '../../../worker/core-api';
import type { CoreRemote } from '../../core/core-client';

/**
 * Calls the worker's lever API (`CoreApi.lever`) with its types: Comlink's remote type drops the
 * method's generic, so the page code goes through this one typed door.
 */
export function leverCall<K extends LeverMethod>(
  core: CoreRemote,
  method: K,
  ...args: Parameters<LeverApi[K]>
): Promise<Awaited<ReturnType<LeverApi[K]>>> {
  const call = core.lever as unknown as (
    m: K,
    ...a: Parameters<LeverApi[K]>
  ) => Promise<Awaited<ReturnType<LeverApi[K]>>>;
  return call(method, ...args);
}
