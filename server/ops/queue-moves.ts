import type { EndpointName } from '../../domain';
import type { HandlerRegistry } from '../http';
import type { OpsEvents } from './ops-events';
import type { OpsRegistry } from './ops-registry';

/**
 * Declares, in one place per area, the routes after which a review queue's count may have moved:
 * the user's submissions (`userRoutes`) and the operators' decisions (`opsRoutes`). Each successful
 * reply tells `ctx.opsEvents.queuesMoved()`, which the overview coalesces into `queues` events.
 */
export function queuesMoveAfter(
  ctx: { registry: HandlerRegistry; ops: OpsRegistry; opsEvents: OpsEvents },
  userRoutes: readonly EndpointName[],
  opsRoutes: readonly string[],
): void {
  const moved = () => ctx.opsEvents.queuesMoved();
  for (const name of userRoutes) ctx.registry.after(name, moved);
  for (const name of opsRoutes) ctx.ops.after(name, moved);
}
