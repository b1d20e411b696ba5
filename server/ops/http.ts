import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { okBody, OPS_NAME, OPS_STEP_UP_ROUTES, type OpsDuty } from '../../domain';
import { AppError, readInput, str } from '../http';
import type { OpsAuth } from './auth-service';
import type { OpsCaller, OpsContext, OpsLimit, OpsRegistry } from './ops-registry';
import { inOpsRequest } from './request-context';

/** Who may be named in `X-Operator`. */
export const OPERATOR_NAME = OPS_NAME;

/** Every duty: what the demo token holds. */
const ALL_DUTIES: readonly OpsDuty[] = ['read', 'review', 'support', 'admin', 'sim', 'self'];

const digest = (s: string) => createHash('sha256').update(s).digest();

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The demo operator named by `X-Operator`, acting with the shared demo token. */
function demoCaller(request: FastifyRequest): OpsCaller {
  const name = String(request.headers['x-operator'] ?? '')
    .trim()
    .toLowerCase();
  if (!OPERATOR_NAME.test(name)) throw new AppError('message', 'required', 'x-operator', 400);
  return {
    operatorId: null,
    name,
    role: null,
    duties: ALL_DUTIES,
    sessionHash: null,
    tokenId: null,
    stepUpAt: null,
  };
}

/** What `mountOps` authenticates with. */
export interface OpsMountOptions {
  auth: OpsAuth;
  /**
   * The shared operator token of demo mode (OPERATOR_TOKEN or DATA_DIR/operator-token), acting as the
   * operator named by `X-Operator` with every duty; null outside demo mode, where it is refused.
   */
  demoToken: string | null;
}

/**
 * The caller of a request's bearer credential; `idle` for a console session past its idle timeout;
 * or null. `touch`: the call is a request (see `OpsAuth.authenticate`).
 */
export async function resolveCaller(
  bearer: string,
  request: FastifyRequest | null,
  { auth, demoToken }: OpsMountOptions,
  touch = true,
): Promise<OpsCaller | 'idle' | null> {
  if (bearer === '') return null;
  // Compare digests so the comparison takes the same time whatever the length of the guess.
  if (demoToken && timingSafeEqual(digest(bearer), digest(demoToken))) {
    return request ? demoCaller(request) : null;
  }
  return await auth.authenticate(bearer, touch);
}

/** Routes whose decisions move money: re-authenticated with TOTP (`OpsAuth.stepUp`). */
const STEP_UP = new Set(OPS_STEP_UP_ROUTES);

/** The checks of a route's budgets on @fastify/rate-limit (one store per budget). */
function limitCheck(app: FastifyInstance, route: string, limits: readonly OpsLimit[]) {
  const contexts = new WeakMap<FastifyRequest, OpsContext>();
  const runs = limits.map((limit, i) => ({
    limit,
    run: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (req) => {
        const ctx = contexts.get(req);
        return `ops:${route}#${i}:${ctx ? limit.key(ctx) : req.ip}`;
      },
    }),
  }));
  return async (request: FastifyRequest, ctx: OpsContext, setRetry: (s: number) => void) => {
    contexts.set(request, ctx);
    for (const { run } of runs) {
      const result = await run(request);
      if (!result.isAllowed && result.isExceeded) {
        setRetry(result.ttlInSeconds);
        throw new AppError('message', 'rateLimited', undefined, 429);
      }
    }
  };
}

/**
 * Serves the ops routes at `/api/ops/{name}`. A request carries a console session token or a personal
 * API token (`Authorization: Bearer`), or in demo mode the shared demo token with `X-Operator`; none
 * or an unknown one answers 401 (`opsSessionIdle` for a session idle too long), a role without the
 * route's duty 403 (`opsForbidden`); a money-affecting route (`OPS_STEP_UP_ROUTES`) needs a TOTP code
 * or an open step-up window. The caller's name and IP ride along to every audit row the route
 * records. Replies use the variant-2 envelope.
 */
export function mountOps(app: FastifyInstance, ops: OpsRegistry, options: OpsMountOptions): void {
  for (const route of ops.routes()) {
    const checkLimits = limitCheck(app, route.name, route.limits);
    app.route({
      method: route.method,
      url: `/api/ops/${route.name}`,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        let caller: OpsCaller | null = null;
        if (route.duty !== 'public') {
          const found = await resolveCaller(bearerOf(request), request, options);
          if (found === 'idle') throw new AppError('message', 'opsSessionIdle', undefined, 401);
          if (!found) throw new AppError('message', 'sessionInvalid', undefined, 401);
          caller = found;
          if (!caller.duties.includes(route.duty)) {
            throw new AppError('message', 'opsForbidden', undefined, 403);
          }
        }
        const input = readInput(request.method, request.query, request.body);
        const ctx: OpsContext = { operator: caller?.name ?? '', input, caller, ip: request.ip };
        await checkLimits(request, ctx, (s) => reply.header('retry-after', String(s)));
        // In the request's scope, so a step-up's audit row carries the IP too.
        const data = await inOpsRequest(
          { operator: ctx.operator, ip: ctx.ip, route: route.name },
          async () => {
            if (caller && STEP_UP.has(route.name)) await options.auth.stepUp(caller, str(input, 'totp'));
            return await route.handler(ctx);
          },
        );
        return okBody(2, data ?? {});
      },
    });
  }
}
