import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { AppError, createHttp, intField, mountConsoleFiles, optionalIntField, str } from '../http';
import type { ServerContext, ServerModule } from '../module';
import { OpsAuth } from './auth-service';
import { registerAuthRoutes } from './auth-routes';
import { registerOverview } from './overview-routes';
import { opsBaseline } from './baseline';
import { mountOps } from './http';
import { OperatorAdmin } from './operator-admin';
import { opsMigration } from './ops-journal';
import { registerOpsSocket } from './ops-socket';
import { opsAccountsMigration, opsSessionActivityMigration } from './schema';

/** The sign-in service of each server's routes, from `register` to `mountOpsConsole`. */
const auths = new WeakMap<ServerContext['ops'], OpsAuth>();

/** Rows of one record's history a queue's detail shows. */
const HISTORY_ROWS = 50;

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
  migrations: [opsMigration, opsBaseline, opsAccountsMigration, opsSessionActivityMigration],
  register(ctx) {
    const { ops, opsJournal, engine } = ctx;
    const auth = new OpsAuth(engine, opsJournal, {
      idleMs: ctx.config.opsIdleMs,
      stepUpMs: ctx.config.opsStepUpMs,
    });
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
    ops.add('GET', 'actions/of', 'read', async ({ input }) => {
      const targetType = filter(input, 'targetType');
      const targetId = filter(input, 'targetId');
      if (!targetType) throw new AppError('message', 'required', 'targetType', 400);
      if (!targetId) throw new AppError('message', 'required', 'targetId', 400);
      const rows = await opsJournal.list(null, HISTORY_ROWS, { targetType, targetId });
      return rows.map((r) => ({ ...r, ip: '' }));
    });
    registerOverview(ctx);
  },
};

/** The console's own app of a public app (OPS_HOST/OPS_PORT), once mounted. */
const ownApps = new WeakMap<FastifyInstance, FastifyInstance>();

/**
 * Mounts `/api/ops/*` and the operator socket `/api/ops/ws` of a server whose modules registered
 * (the ops module among them). `demoToken`: the shared token of demo mode, or null. OPS_CONSOLE=off:
 * nothing is mounted (the public app answers 404 as for any unknown path). With OPS_PORT the routes,
 * the socket and the console's files go on a Fastify app of their own (`createHttp` with `http`: the
 * same plugins, headers and envelopes as the public one), which listens on OPS_HOST:OPS_PORT when
 * the public app gets ready (a port in use fails the start) and closes with it.
 */
export async function mountOpsConsole(
  app: FastifyInstance,
  ctx: ServerContext,
  demoToken: string | null,
  http: Parameters<typeof createHttp>[0],
): Promise<void> {
  const { config } = ctx;
  if (config.mode !== 'demo' && config.operatorToken) {
    app.log.warn('OPERATOR_TOKEN is ignored outside demo mode: operators sign in with their accounts');
  }
  if (!config.opsConsole) return;
  const auth = auths.get(ctx.ops);
  if (!auth) throw new Error('the ops module did not register: no operator sign-in to mount');
  const target = config.opsListen ? await createHttp(http) : app;
  mountOps(target, ctx.ops, { auth, demoToken });
  registerOpsSocket(target, ctx.opsEvents, { auth, demoToken });
  if (target === app || !config.opsListen) return;
  const { host, port } = config.opsListen;
  await mountConsoleFiles(target, config);
  ownApps.set(app, target);
  app.addHook('onReady', async () => {
    await target.listen({ host, port });
  });
  app.addHook('onClose', async () => {
    await target.close();
  });
}

/** The URL of the console's own address (OPS_PORT) of a listening public app, or null without one. */
export function opsConsoleUrl(app: FastifyInstance): string | null {
  const own = ownApps.get(app);
  const address = own?.server.address() as AddressInfo | null | undefined;
  if (!address) return null;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
