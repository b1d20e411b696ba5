import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { HandlerContext, LimitSpec } from './registry';

/** Checks one request against the endpoint's budgets; throws a 429 AppError when one is spent. */
export type LimitCheck = (ctx: HandlerContext) => Promise<void>;

/**
 * Builds the checks of an endpoint's limits on @fastify/rate-limit stores (one store per limit, so
 * buckets of different limits never mix). Limits are checked in order and stop at the first spent
 * one, so a rejected request does not also use up the later budgets.
 */
export function buildLimitCheck(
  app: FastifyInstance,
  endpoint: string,
  specs: readonly LimitSpec[],
): LimitCheck {
  if (specs.length === 0) return async () => {};
  // The rate-limit key generator receives only the request; the handler context rides along here.
  const contexts = new WeakMap<FastifyRequest, HandlerContext>();
  const limiters = specs.map((spec, i) => ({
    spec,
    run: app.createRateLimit({
      max: spec.max,
      timeWindow: spec.windowMs,
      keyGenerator: (req) => {
        const ctx = contexts.get(req);
        return `${endpoint}#${i}:${ctx ? spec.key(ctx) : req.ip}`;
      },
    }),
  }));
  return async (ctx) => {
    const { request, reply } = ctx;
    // Limits are checked where the request arrived (an edge), never again on a forwarded call.
    if (!request || !reply) return;
    contexts.set(request, ctx);
    for (const { spec, run } of limiters) {
      const result = await run(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('message', spec.errorKey, undefined, 429);
      }
    }
  };
}
