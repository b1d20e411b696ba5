import { fromUnits, type CoinInfo } from '../../domain';
import type { RebateLine, TeamMember, TeamSummary } from '../../domain/identity-endpoints';
import { AUTH_CODE_PATTERN, maskAccount, normalizeAuthCode } from '../../domain/identity-rules';
import type { Engine } from '../db';
import { pageArgs } from '../shared/paging';
import { AppError, fail, loginRequired, str, sessionOf, type HandlerRegistry, type LimitSpec } from '../http';
import type { ReferralTerms } from '../market';
import { accounts, type TeamUserRow, normalizeAccount } from '../mine';
import type { OpsJournal, OpsRegistry } from '../ops';
import type { AuthCodes } from './auth-codes';
import type { MemberRow, TeamStore } from './team-store';

/** New authorization codes per user per window. */
export const AUTH_CODE_ISSUE_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;
/** Team additions tried per agent per window, on top of each code's own attempt limit. */
export const TEAM_ADD_LIMIT = { max: 10, windowMs: 60_000 } as const;

/** What the team routes need. */
export interface TeamDeps {
  engine: Engine;
  store: TeamStore;
  codes: AuthCodes;
  referral: ReferralTerms;
  coins: readonly CoinInfo[];
  now?: () => number;
}

type UserLite = TeamUserRow;

const toMember = (r: MemberRow): TeamMember => ({
  id: r.id,
  account: maskAccount(r.account),
  joinedAt: r.createdAt,
  active: r.active === 1,
  kyc: r.kyc,
});

/** `team/*`: the invite page's summary, members and rebates, authorization codes and agents' additions. */
export function registerTeamRoutes(registry: HandlerRegistry, deps: TeamDeps): void {
  const { store, codes } = deps;
  const now = deps.now ?? Date.now;
  const users = accounts(deps.engine);
  const decimalsOf = (coin: string) => deps.coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const me = async (userId: number): Promise<UserLite> => {
    const u = await users.teamUserById(userId);
    if (!u) throw loginRequired();
    return u;
  };
  const perUser = (limit: { max: number; windowMs: number }): LimitSpec[] => [
    { ...limit, key: (ctx) => String(sessionOf(ctx).userId), errorKey: 'rateLimited' },
  ];

  registry.add('team/summary', async (ctx): Promise<TeamSummary> => {
    const u = await me(sessionOf(ctx).userId);
    return {
      promoCode: u.promoCode,
      level: u.level,
      direct: await store.direct(u.id),
      active: await store.active(u.id),
      activeDays: deps.referral.activeDays,
      rebates: (await store.totals(u.id)).map((t) => ({
        coin: t.coin,
        amount: fromUnits(t.units, decimalsOf(t.coin)),
      })),
      rebateShare: deps.referral.spotFeeShare,
    };
  });

  registry.add('team/members', async (ctx) => {
    const { before, limit } = pageArgs(ctx.input);
    return (await store.members(sessionOf(ctx).userId, before, limit)).map(toMember);
  });

  registry.add('team/rebates', async (ctx): Promise<RebateLine[]> => {
    const { before, limit } = pageArgs(ctx.input);
    return (await store.rebates(sessionOf(ctx).userId, before, limit)).map((r) => ({
      id: r.id,
      coin: r.coin,
      amount: fromUnits(r.units, decimalsOf(r.coin)),
      fee: fromUnits(r.feeUnits),
      tradeId: r.tradeId,
      symbol: r.symbol,
      from: maskAccount(r.referralAccount),
      ledgerTxId: r.ledgerTxId,
      createdAt: r.createdAt,
    }));
  });

  registry.add('team/authCode', (ctx) => codes.issue(sessionOf(ctx).userId), {
    limits: perUser(AUTH_CODE_ISSUE_LIMIT),
  });

  /**
   * Adds `target` to `agent`'s team in one command, which reads again what decides it: both users'
   * inviters (set once, but maybe since the caller read them) and the chain above the agent.
   */
  const add = (agent: UserLite, target: UserLite, code: string) =>
    deps.engine.writer.run(async () => {
      if (target.id === agent.id) throw fail('teamSelf', 'account');
      const targetRef = (await users.referrerOf(target.id)) ?? null;
      if (targetRef === agent.id) throw fail('teamAlreadyMember', 'account');
      if (targetRef !== null) throw fail('teamHasReferrer', 'account');
      // The target must not be above the agent: a team is a tree, never a loop.
      let up = (await users.referrerOf(agent.id)) ?? null;
      for (let hops = 0; up !== null && hops < 10_000; hops++) {
        if (up === target.id) throw fail('teamCycle', 'account');
        up = (await users.referrerOf(up)) ?? null;
      }
      if (!(await codes.use(target.id, code))) throw fail('authCodeWrong', 'authCode');
      if (!(await users.setReferrerIfNone(target.id, agent.id))) throw fail('teamHasReferrer', 'account');
      await store.recordJoin(agent.id, target.id, now());
    });

  registry.add(
    'team/add',
    async (ctx) => {
      const agent = await me(sessionOf(ctx).userId);
      if (agent.level !== 'agent') throw fail('agentOnly');
      // Spec 998: an agent acts for others only with a verified identity.
      if (agent.kyc !== 'verified') throw new AppError('kyc', 'kycRequired');
      const account = normalizeAccount(str(ctx.input, 'account'));
      if (!account) throw fail('required', 'account');
      const code = normalizeAuthCode(str(ctx.input, 'authCode'));
      if (!code) throw fail('required', 'authCode');
      const target = await users.teamUserByAccount(account);
      // An unknown account answers like a wrong code, so the form cannot probe who is registered.
      if (!target || !AUTH_CODE_PATTERN.test(code)) {
        if (target) await codes.check(target.id, code);
        throw fail('authCodeWrong', 'authCode');
      }
      // The code first: without it, nothing about the account is revealed.
      await codes.check(target.id, code);
      await add(agent, target, code);
      return toMember((await store.member(target.id))!);
    },
    { limits: perUser(TEAM_ADD_LIMIT) },
  );
}

/** The operator's agent appointments (`users/agent account=… agent=true|false`), journaled. */
export function registerTeamOps(ops: OpsRegistry, deps: { engine: Engine; journal: OpsJournal }): void {
  const users = accounts(deps.engine);
  /** Sets the level in one command with its journal row; the level it changes from is read there. */
  const apply = (operator: string, userId: number, level: 'member' | 'agent') =>
    deps.engine.writer.run(async () => {
      const user = await users.teamUserById(userId);
      if (!user || user.level === level) return;
      await users.setLevel(user.id, level);
      await deps.journal.record({
        operator,
        action: 'user.level',
        targetType: 'users',
        targetId: String(user.id),
        detail: { from: user.level, to: level },
        before: { level: user.level },
        after: { level },
      });
    });
  ops.add('POST', 'users/agent', 'admin', async ({ operator, input }) => {
    const account = normalizeAccount(str(input, 'account'));
    if (!account) throw fail('required', 'account');
    const flag = str(input, 'agent').trim().toLowerCase();
    if (!['true', 'false'].includes(flag)) throw fail('badRequest', 'agent');
    const user = await users.teamUserByAccount(account);
    if (!user) throw fail('accountUnknown', 'account');
    const level = flag === 'true' ? 'agent' : 'member';
    if (user.level !== level) await apply(operator, user.id, level);
    return { userId: user.id, level };
  });
}
