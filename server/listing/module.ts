import { parseListing } from '../../domain/listing-rules';
import type { ListingReq, ListingStatus } from '../../domain/listing-types';
import {
  fail,
  notFound,
  decisionPusher,
  idField,
  pageFields,
  str,
  type Input,
  sessionOf,
  type LimitSpec,
} from '../http';
import { accounts } from '../mine';
import type { ServerModule } from '../module';
import { queuesMoveAfter } from '../ops';
import { listingMigration } from './schema';
import { ListingStore, toApplication } from './store';
import { listingBaseline } from './baseline';

/** Application attempts per user per window (typos included): a project team, not a spammer. */
export const LISTING_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
/** Longest rejection reason, in characters. */
export const LISTING_REASON_MAX = 300;
const STATUSES: readonly ListingStatus[] = ['submitted', 'review', 'accepted', 'rejected'];
const FIELDS = ['project', 'symbol', 'chain', 'contract', 'website', 'contact', 'description'] as const;

/** Coin-listing applications: users apply and follow the status; operators review (journaled). */
export const listingModule: ServerModule = {
  name: 'listing',
  migrations: [listingMigration, listingBaseline],
  register(ctx) {
    const { engine } = ctx;
    const store = new ListingStore(engine);
    const limit: LimitSpec = {
      ...LISTING_LIMIT,
      key: (c) => String(sessionOf(c).userId),
      errorKey: 'rateLimited',
    };

    ctx.registry.add(
      'listing/apply',
      async (c) => {
        const userId = sessionOf(c).userId;
        const parsed = parseListing(
          Object.fromEntries(FIELDS.map((f) => [f, str(c.input, f)])) as Record<keyof ListingReq, string>,
        );
        if (!('ok' in parsed)) throw fail(parsed.key, parsed.field);
        const a = parsed.ok;
        const id = await engine.writer.run(async () => {
          if (await store.hasOpen(userId, a.symbol)) throw fail('listingPending', 'symbol');
          return store.insert(userId, a, Date.now());
        });
        return toApplication((await store.get(id))!);
      },
      { limits: [limit] },
    );

    ctx.registry.add('listing/mine', async (c) => (await store.mine(sessionOf(c).userId)).map(toApplication));

    ctx.ops.add('GET', 'listings', 'read', async ({ input }) => {
      const status = str(input, 'status').trim();
      if (status !== '' && !STATUSES.includes(status as ListingStatus)) throw fail('badRequest', 'status');
      // A page: 200 rows unless `limit` asks for fewer, below the id `before`.
      const rows = await store.list(status as ListingStatus | '', pageFields(input, 200, 200));
      const names = await accounts(engine).accountsOf(rows.map((r) => r.user_id));
      return rows.flatMap((r) => {
        const account = names.get(r.user_id);
        return account === undefined ? [] : [{ ...toApplication(r), account, decidedBy: r.decided_by }];
      });
    });

    const decided = decisionPusher(ctx.hub);
    /**
     * Moves one application from `from` to `to`, journaled in the same writer command that checks
     * its status; after the commit the applicant's open page reads it again (the private `decision`
     * event).
     */
    const move = async (
      operator: string,
      input: Input,
      from: ListingStatus[],
      to: ListingStatus,
      reason: string | null,
    ) => {
      const id = idField(input, 'id');
      const row = await engine.writer.run(async () => {
        const row = await store.get(id);
        if (!row) throw notFound();
        if (!from.includes(row.status)) throw fail('listingNotOpen');
        await store.decide(id, row.status, to, reason, operator, Date.now());
        await ctx.opsJournal.record({
          operator,
          action: `listing.${to}`,
          targetType: 'listing_applications',
          targetId: String(id),
          detail: { symbol: row.symbol, ...(reason !== null && { reason }) },
          before: { status: row.status },
          after: { status: to, reason },
        });
        return (await store.get(id))!;
      });
      decided(row.user_id, 'listing', row.id, row.status);
      return toApplication(row);
    };

    ctx.ops.add('POST', 'listings/review', 'review', ({ operator, input }) =>
      move(operator, input, ['submitted'], 'review', null),
    );
    ctx.ops.add('POST', 'listings/accept', 'review', ({ operator, input }) =>
      move(operator, input, ['submitted', 'review'], 'accepted', null),
    );
    ctx.ops.add('POST', 'listings/reject', 'review', ({ operator, input }) => {
      const reason = str(input, 'reason').trim();
      if (!reason) throw fail('required', 'reason');
      if ([...reason].length > LISTING_REASON_MAX) throw fail('textTooLong', 'reason');
      return move(operator, input, ['submitted', 'review'], 'rejected', reason);
    });
    queuesMoveAfter(ctx, ['listing/apply'], ['listings/review', 'listings/accept', 'listings/reject']);
  },
};
