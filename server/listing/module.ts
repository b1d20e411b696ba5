import { parseListing } from '../../domain/listing-rules';
import type { ListingApplication, ListingReq, ListingStatus } from '../../domain/listing-types';
import { fail, notFound, decisionPusher, idField, str, type Input, sessionOf, type LimitSpec } from '../http';
import { accounts } from '../mine';
import type { ServerModule } from '../module';
import { listingMigration } from './schema';

interface Row {
  id: number;
  user_id: number;
  project: string;
  symbol: string;
  chain: string;
  contract: string;
  website: string;
  contact: string;
  description: string;
  status: ListingStatus;
  reason: string | null;
  decided_by: string | null;
  created_at: number;
  updated_at: number;
}

/** Application attempts per user per window (typos included): a project team, not a spammer. */
export const LISTING_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
/** Longest rejection reason, in characters. */
export const LISTING_REASON_MAX = 300;
const STATUSES: readonly ListingStatus[] = ['submitted', 'review', 'accepted', 'rejected'];
const FIELDS = ['project', 'symbol', 'chain', 'contract', 'website', 'contact', 'description'] as const;

const toApplication = (r: Row): ListingApplication => ({
  id: r.id,
  project: r.project,
  symbol: r.symbol,
  chain: r.chain,
  contract: r.contract,
  website: r.website,
  contact: r.contact,
  description: r.description,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Coin-listing applications: users apply and follow the status; operators review (journaled). */
export const listingModule: ServerModule = {
  name: 'listing',
  migrations: [listingMigration],
  register(ctx) {
    const { sqlite } = ctx;
    const byId = sqlite.prepare('select * from listing_applications where id = ?');
    const mine = sqlite.prepare(
      'select * from listing_applications where user_id = ? order by id desc limit 50',
    );
    const open = sqlite.prepare(
      `select 1 from listing_applications where user_id = ? and symbol = ? and status in ('submitted', 'review')`,
    );
    const insert = sqlite.prepare(
      `insert into listing_applications
         (user_id, project, symbol, chain, contract, website, contact, description, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'submitted', ?, ?)`,
    );
    const decide = sqlite.prepare(
      `update listing_applications set status = ?, reason = ?, decided_by = ?, updated_at = ?
       where id = ? and status = ?`,
    );
    const limit: LimitSpec = {
      ...LISTING_LIMIT,
      key: (c) => String(sessionOf(c).userId),
      errorKey: 'rateLimited',
    };

    ctx.registry.add(
      'listing/apply',
      (c) => {
        const userId = sessionOf(c).userId;
        const parsed = parseListing(
          Object.fromEntries(FIELDS.map((f) => [f, str(c.input, f)])) as Record<keyof ListingReq, string>,
        );
        if (!('ok' in parsed)) throw fail(parsed.key, parsed.field);
        const a = parsed.ok;
        const id = sqlite.transaction(() => {
          if (open.get(userId, a.symbol)) throw fail('listingPending', 'symbol');
          const t = Date.now();
          return Number(
            insert.run(
              userId,
              a.project,
              a.symbol,
              a.chain,
              a.contract,
              a.website,
              a.contact,
              a.description,
              t,
              t,
            ).lastInsertRowid,
          );
        })();
        return toApplication(byId.get(id) as Row);
      },
      { limits: [limit] },
    );

    ctx.registry.add('listing/mine', (c) => (mine.all(sessionOf(c).userId) as Row[]).map(toApplication));

    ctx.ops.add('GET', 'listings', ({ input }) => {
      const status = str(input, 'status').trim();
      if (status !== '' && !STATUSES.includes(status as ListingStatus)) throw fail('badRequest', 'status');
      const rows = sqlite
        .prepare(
          `select l.* from listing_applications l where (? = '' or l.status = ?) order by l.id desc limit 200`,
        )
        .all(status, status) as Row[];
      const names = accounts(sqlite).accountsOf(rows.map((r) => r.user_id));
      return rows.flatMap((r) => {
        const account = names.get(r.user_id);
        return account === undefined ? [] : [{ ...toApplication(r), account, decidedBy: r.decided_by }];
      });
    });

    const decided = decisionPusher(ctx.hub);
    /**
     * Moves one application from `from` to `to`, journaled in the same transaction; then the
     * applicant's open page reads it again (the private `decision` event).
     */
    const move = (
      operator: string,
      input: Input,
      from: ListingStatus[],
      to: ListingStatus,
      reason: string | null,
    ) => {
      const id = idField(input, 'id');
      const row = sqlite.transaction(() => {
        const row = byId.get(id) as Row | undefined;
        if (!row) throw notFound();
        if (!from.includes(row.status)) throw fail('listingNotOpen');
        decide.run(to, reason, operator, Date.now(), id, row.status);
        ctx.opsJournal.record({
          operator,
          action: `listing.${to}`,
          targetType: 'listing_applications',
          targetId: String(id),
          detail: { symbol: row.symbol, ...(reason !== null && { reason }) },
        });
        return byId.get(id) as Row;
      })();
      decided(row.user_id, 'listing', row.id, row.status);
      return toApplication(row);
    };

    ctx.ops.add('POST', 'listings/review', ({ operator, input }) =>
      move(operator, input, ['submitted'], 'review', null),
    );
    ctx.ops.add('POST', 'listings/accept', ({ operator, input }) =>
      move(operator, input, ['submitted', 'review'], 'accepted', null),
    );
    ctx.ops.add('POST', 'listings/reject', ({ operator, input }) => {
      const reason = str(input, 'reason').trim();
      if (!reason) throw fail('required', 'reason');
      if ([...reason].length > LISTING_REASON_MAX) throw fail('textTooLong', 'reason');
      return move(operator, input, ['submitted', 'review'], 'rejected', reason);
    });
  },
};
