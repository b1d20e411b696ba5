import type { FastifyInstance } from 'fastify';
import { intField, optionalIntField, str } from '../http';
import type { ServerContext, ServerModule } from '../module';
import { OpsAuth } from './auth-service';
import { registerAuthRoutes } from './auth-routes';
import { registerOverview } from './overview-routes';
import { opsBaseline } from './baseline';
import { mountOps } from './http';
import { OperatorAdmin } from './operator-admin';
import { opsMigration } from './ops-journal';
import { registerOpsSocket } from './ops-socket';
import { opsAccountsMigration } from './schema';

/** The sign-in service of each server's routes, from `register` to `mountOpsConsole`. */
const auths = new WeakMap<ServerContext['ops'], OpsAuth>();

/** An exact-match filter of the audit list, or undefined when not given. */
const filter = (input: Record<string, unknown>, name: string) => {
  const v = str(input, name).trim();
  return v === '' ? undefined : v.slice(0, 200);
};

/**
 * The operator's own routes: the route list, the audit trail, sign-in, personal tokens and operator
 * accounts. Each area adds its reviews (identity, bank deposits, withdrawals, simulated chain …) to
 * `ctx.ops` from its own module.
 */
export const opsModule: ServerModule = {
  name: 'ops',
  migrations: [opsMigration, opsBaseline, opsAccountsMigration],
  register(ctx) {
    const { ops, opsJournal, engine } = ctx;
    const auth = new OpsAuth(engine, opsJournal);
    auths.set(ops, auth);
    registerAuthRoutes(ops, {
      auth,
      admin: new OperatorAdmin(engine, auth, opsJournal),
      journal: opsJournal,
      engine,
      config: ctx.config,
    });
    // Lets the ops CLI find each route's method without a copy of this list.
    ops.add('GET', 'routes', 'self', () =>
      ops.routes().map((r) => ({ name: r.name, method: r.method, duty: r.duty })),
    );
    ops.add('GET', 'actions', 'admin', ({ input }) => {
      const before = optionalIntField(input, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER });
      const limit = intField(input, 'limit', { min: 1, max: 500, fallback: 50 });
      return opsJournal.list(before, limit, {
        operator: filter(input, 'operator'),
        action: filter(input, 'action'),
        targetType: filter(input, 'targetType'),
        targetId: filter(input, 'targetId'),
      });
    });
    registerOverview(ctx);
  },
};

/**
 * Mounts `/api/ops/*` and the operator socket `/api/ops/ws` of a server whose modules registered
 * (the ops module among them). `demoToken`: the shared token of demo mode, or null.
 */
export function mountOpsConsole(app: FastifyInstance, ctx: ServerContext, demoToken: string | null): void {
  const auth = auths.get(ctx.ops);
  if (!auth) throw new Error('the ops module did not register: no operator sign-in to mount');
  if (ctx.config.mode !== 'demo' && ctx.config.operatorToken) {
    app.log.warn('OPERATOR_TOKEN is ignored outside demo mode: operators sign in with their accounts');
  }
  mountOps(app, ctx.ops, { auth, demoToken });
  registerOpsSocket(app, ctx.opsEvents, { auth, demoToken });
}
