import { IEO_PROJECT_FIELDS, type IeoTerms } from '../../domain/ieo-types';
import type { CoinInfo } from '../../domain';
import { idField, notFound, sessionOf, str, type HandlerRegistry } from '../http';
import { requireTradePassword } from '../mine';
import type { OpsRegistry } from '../ops';
import type { Engine } from '../db';
import { decimalsIn, toAllocation, toCommit, toProject } from './dto';
import type { IeoService } from './service';
import type { CommitRow, ProjectRow } from './store';

/**
 * The user endpoints (projects and one project, public; subscribe and the log, signed in) and the
 * operator routes (list, create, edit before opening). No route allocates or changes an allocation.
 */
export function registerIeoRoutes(
  registry: HandlerRegistry,
  ops: OpsRegistry,
  deps: {
    engine: Engine;
    service: IeoService;
    terms: IeoTerms;
    coins: readonly CoinInfo[];
    onCommitted(row: CommitRow): void;
    onProjectsChanged(): void;
  },
): void {
  const { service, terms } = deps;
  const decimals = decimalsIn(deps.coins);
  const view = async (rows: ProjectRow[]) => {
    const totals = await service.store.totals();
    const now = service.now();
    return rows.map((p) => toProject(p, now, totals.get(p.id), decimals(p.quote)));
  };

  registry.add('ieo/projects', async () => {
    const now = service.now();
    return { projects: await view(await service.store.visible(now)), serverTime: now };
  });

  registry.add('ieo/project', async (ctx) => {
    const row = await service.store.project(idField(ctx.input, 'id'));
    // A project before its preheat is answered exactly like a missing one.
    if (!row || row.preheatAt > service.now()) throw notFound();
    return { project: (await view([row]))[0]!, serverTime: service.now() };
  });

  registry.add('ieo/subscribe', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const id = idField(ctx.input, 'id');
    if (terms.tradePassword === 'always') {
      // Hashing happens here, before the command: nothing but the database runs inside one.
      await requireTradePassword(deps.engine, userId, str(ctx.input, 'tradePassword'));
    }
    const row = await service.subscribe(userId, id, str(ctx.input, 'amount'));
    deps.onCommitted(row);
    return toCommit(row, decimals(row.quote));
  });

  registry.add('ieo/mine', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const [commits, allocations] = await Promise.all([
      service.store.commitsOf(userId),
      service.store.allocationsOf(userId),
    ]);
    return {
      commits: commits.map((c) => toCommit(c, decimals(c.quote))),
      allocations: allocations.map((a) => toAllocation(a, decimals(a.quote))),
      terms,
    };
  });

  const fields = (input: Readonly<Record<string, unknown>>) =>
    Object.fromEntries(IEO_PROJECT_FIELDS.map((f) => [f, str(input, f)]));

  ops.add('GET', 'ieo/projects', 'read', async () => view(await service.store.all()));
  ops.add('POST', 'ieo/create', 'review', async ({ operator, input }) => {
    const row = await service.createProject(operator, fields(input));
    deps.onProjectsChanged();
    return (await view([row]))[0]!;
  });
  ops.add('POST', 'ieo/edit', 'review', async ({ operator, input }) => {
    const id = idField(input, 'id');
    const row = await service.editProject(operator, id, fields(input));
    deps.onProjectsChanged();
    return (await view([row]))[0]!;
  });
}
