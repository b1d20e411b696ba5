import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { okBody } from '../../domain';
import { AppError, notFound, readInput } from '../http';
import type { OpsRegistry } from './ops-registry';

/** Who may be named in `X-Operator`. */
export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

const digest = (s: string) => createHash('sha256').update(s).digest();

function operatorOf(request: FastifyRequest, token: string): string {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  // Compare digests so the comparison takes the same time whatever the length of the guess.
  if (!given || !timingSafeEqual(digest(given), digest(token))) {
    throw new AppError('message', 'sessionInvalid', undefined, 401);
  }
  const name = String(request.headers['x-operator'] ?? '')
    .trim()
    .toLowerCase();
  if (!OPERATOR_NAME.test(name)) throw new AppError('message', 'required', 'x-operator', 400);
  return name;
}

/**
 * Serves the ops routes at `/api/ops/{name}` behind the operator token (Bearer) and an operator name
 * (`X-Operator`, recorded with every action). Replies use the variant-2 envelope. Without a token
 * the routes answer 404, as if they did not exist.
 */
export function mountOps(app: FastifyInstance, ops: OpsRegistry, token: string | null): void {
  for (const route of ops.routes()) {
    app.route({
      method: route.method,
      url: `/api/ops/${route.name}`,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!token) throw notFound();
        const operator = operatorOf(request, token);
        const input = readInput(request.method, request.query, request.body);
        const data = await route.handler({ operator, input });
        return okBody(2, data ?? {});
      },
    });
  }
}
