import { AsyncLocalStorage } from 'node:async_hooks';
import { carryIntoCommands } from '../db';

/** Who sent the operator request being served, and from where. */
export interface OpsRequestScope {
  /** The operator's name, as recorded in `ops_actions.operator`. */
  operator: string;
  /** The caller's IP (the proxy's client IP when TRUST_PROXY is set). */
  ip: string;
  /** The ops route being served (`withdrawals/approve`): tests check which routes move money. */
  route?: string;
}

const scope = new AsyncLocalStorage<OpsRequestScope>();
carryIntoCommands(scope as AsyncLocalStorage<unknown>);

/**
 * Runs `fn` as the request of `who`: the audit rows its commands record carry `who.ip` without each
 * area passing it. Writer commands run in the async context of the call that queued them
 * (`server/db/writer.ts`), so a command batched with another request's still sees its own.
 */
export function inOpsRequest<T>(who: OpsRequestScope, fn: () => T): T {
  return scope.run(who, fn);
}

/** The operator request the caller serves, if any. */
export function currentOpsRequest(): OpsRequestScope | undefined {
  return scope.getStore();
}
