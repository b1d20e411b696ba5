import { intField, optionalIntField } from '../http';
import type { ServerModule } from '../module';
import { opsMigration } from './ops-journal';
import { opsBaseline } from './baseline';
import { registerOverview } from './overview-routes';

/**
 * The operator's own routes: the route list and the audit trail. Each area adds its reviews (identity,
 * bank deposits, withdrawals, simulated chain …) to `ctx.ops` from its own module.
 */
export const opsModule: ServerModule = {
  name: 'ops',
  migrations: [opsMigration, opsBaseline],
  register(ctx) {
    const { ops, opsJournal } = ctx;
    // Lets the ops CLI find each route's method without a copy of this list.
    ops.add('GET', 'routes', 'self', () =>
      ops.routes().map((r) => ({ name: r.name, method: r.method, duty: r.duty })),
    );
    ops.add('GET', 'actions', 'admin', ({ input }) => {
      const before = optionalIntField(input, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER });
      const limit = intField(input, 'limit', { min: 1, max: 500, fallback: 50 });
      return opsJournal.list(before, limit);
    });
    registerOverview(ctx);
  },
};
