import {
  fromUnits,
  OPS_CONSOLE_ROUTES,
  type OpsConsoleEndpoints,
  type OpsUserDetail,
  type OpsUserHit,
  type PairInfo,
} from '../../domain';
import type { Engine } from '../db';
import { fail, intField, notFound, requiredStr, type Input } from '../http';
import { JournalStore, type Ledger } from '../ledger';
import { merchantNicknames, merchantsByNickname } from '../legal';
import { openLeverPositions } from '../lever';
import type { OpsJournal, OpsRegistry } from '../ops';
import { openSpotOrders } from '../trade';
import { OpsUsers, toHit, type OpsUserRow } from './ops-users';
import type { SessionStore } from './sessions';

/** What the console's user routes need. */
export interface UserOpsDeps {
  engine: Engine;
  sessions: SessionStore;
  journal: OpsJournal;
  ledger: Ledger;
  pairs: readonly PairInfo[];
  now?: () => number;
}

/** Most hits of one search. */
export const USER_SEARCH_MAX = 50;
/** Journal lines `users/get` shows (the newest). */
const JOURNAL_LINES = 50;
/** Longest freeze reason, in characters. */
const REASON_MAX = 500;

type Route = keyof OpsConsoleEndpoints;
const add = (ops: OpsRegistry, name: Route, handler: Parameters<OpsRegistry['add']>[3]) => {
  const { method, duty } = OPS_CONSOLE_ROUTES[name];
  if (duty === 'public') throw new Error(`${name} is not an operator route`);
  ops.add(method, name, duty, handler);
};

const idOf = (input: Input) => intField(input, 'id', { min: 1, max: Number.MAX_SAFE_INTEGER });

function reasonOf(input: Input): string {
  const reason = requiredStr(input, 'reason').trim();
  if ([...reason].length > REASON_MAX) throw fail('textTooLong', 'reason');
  return reason;
}

/**
 * The console's users (`/api/ops/users/*`): search by account (mobile number or e-mail) prefix,
 * merchant nickname prefix or exact id; one user read-only (profile, balances, open orders and
 * positions, the newest journal lines); freeze and unfreeze with a reason. A freeze revokes every
 * session of the user in its command, and `user/login` refuses a frozen account (`accountFrozen`);
 * nothing of the user's money moves. Each freeze and unfreeze is journaled in its command.
 */
export function registerUserOps(ops: OpsRegistry, deps: UserOpsDeps): void {
  const { engine, sessions, journal, ledger } = deps;
  const now = deps.now ?? Date.now;
  const users = new OpsUsers(engine);
  const journalLines = new JournalStore(engine);

  const hits = async (rows: OpsUserRow[]): Promise<OpsUserHit[]> => {
    const names = await merchantNicknames(
      engine,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toHit(r, names.get(r.id)));
  };
  const known = async (userId: number): Promise<OpsUserRow> => {
    const row = await users.byId(userId);
    if (!row) throw notFound();
    return row;
  };

  add(ops, 'users/search', async ({ input }) => {
    const q = requiredStr(input, 'q').trim();
    const found = new Map<number, OpsUserRow>();
    if (/^\d{1,15}$/.test(q)) {
      const row = await users.byId(Number(q));
      if (row) found.set(row.id, row);
    }
    for (const row of await users.byAccountPrefix(q, USER_SEARCH_MAX)) found.set(row.id, row);
    const merchants = (await merchantsByNickname(engine, q, USER_SEARCH_MAX)).filter((id) => !found.has(id));
    for (const row of await users.byIds(merchants)) found.set(row.id, row);
    return hits([...found.values()].sort((a, b) => a.id - b.id).slice(0, USER_SEARCH_MAX));
  });

  add(ops, 'users/get', async ({ input }) => {
    const row = await known(idOf(input));
    const [hit] = await hits([row]);
    const detail: OpsUserDetail = {
      user: { ...hit!, kycStatus: row.kyc, freezeReason: row.freezeReason },
      balances: (await ledger.balancesOf(row.id)).map((b) => ({
        account: b.account,
        coin: b.coin,
        available: fromUnits(b.available),
        frozen: fromUnits(b.frozen),
      })),
      openOrders: await openSpotOrders(engine, deps.pairs, row.id),
      positions: await openLeverPositions(engine, deps.pairs, row.id),
      journal: (
        await journalLines.list({
          userId: row.id,
          account: null,
          coin: null,
          kind: null,
          before: Number.MAX_SAFE_INTEGER,
          limit: JOURNAL_LINES,
        })
      ).map((l) => ({
        id: l.id,
        kind: l.kind,
        account: l.account,
        coin: l.coin,
        field: l.field,
        delta: l.delta,
        createdAt: l.createdAt,
      })),
    };
    return detail;
  });

  add(ops, 'users/freeze', async ({ operator, input }) => {
    const userId = idOf(input);
    const reason = reasonOf(input);
    await known(userId);
    await engine.writer.run(async () => {
      if (!(await users.freeze(userId, reason, now()))) throw fail('badRequest', 'id');
      // In the freeze's command: no session outlives it, and none is issued after it (user/login
      // reads the freeze in the command that would issue one).
      await sessions.revokeAllOf(userId);
      await journal.record({
        operator,
        action: 'user.freeze',
        targetType: 'users',
        targetId: String(userId),
        detail: { reason },
      });
    });
    return (await hits([await known(userId)]))[0];
  });

  add(ops, 'users/unfreeze', async ({ operator, input }) => {
    const userId = idOf(input);
    const reason = reasonOf(input);
    await known(userId);
    await engine.writer.run(async () => {
      if (!(await users.unfreeze(userId))) throw fail('badRequest', 'id');
      await journal.record({
        operator,
        action: 'user.unfreeze',
        targetType: 'users',
        targetId: String(userId),
        detail: { reason },
      });
    });
    return (await hits([await known(userId)]))[0];
  });
}
