import type { Database as SqliteDb } from 'better-sqlite3';
import { fromUnits, type CoinInfo } from '../../domain';
import type { RebateLine, TeamMember, TeamSummary } from '../../domain/identity-endpoints';
import { AUTH_CODE_PATTERN, maskAccount, normalizeAuthCode } from '../../domain/identity-rules';
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
  sqlite: SqliteDb;
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
  const users = accounts(deps.sqlite);
  const decimalsOf = (coin: string) => deps.coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const me = (userId: number): UserLite => {
    const u = users.teamUserById(userId);
    if (!u) throw loginRequired();
    return u;
  };
  const perUser = (limit: { max: number; windowMs: number }): LimitSpec[] => [
    { ...limit, key: (ctx) => String(sessionOf(ctx).userId), errorKey: 'rateLimited' },
  ];

  registry.add('team/summary', (ctx): TeamSummary => {
    const u = me(sessionOf(ctx).userId);
    return {
      promoCode: u.promoCode,
      level: u.level,
      direct: store.direct(u.id),
      active: store.active(u.id),
      activeDays: deps.referral.activeDays,
      rebates: store
        .totals(u.id)
        .map((t) => ({ coin: t.coin, amount: fromUnits(t.units, decimalsOf(t.coin)) })),
      rebateShare: deps.referral.spotFeeShare,
    };
  });

  registry.add('team/members', (ctx) => {
    const { before, limit } = pageArgs(ctx.input);
    return store.members(sessionOf(ctx).userId, before, limit).map(toMember);
  });

  registry.add('team/rebates', (ctx): RebateLine[] => {
    const { before, limit } = pageArgs(ctx.input);
    return store.rebates(sessionOf(ctx).userId, before, limit).map((r) => ({
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

  const add = deps.sqlite.transaction((agent: UserLite, target: UserLite, code: string) => {
    if (target.id === agent.id) throw fail('teamSelf', 'account');
    if (target.referrerId === agent.id) throw fail('teamAlreadyMember', 'account');
    if (target.referrerId !== null) throw fail('teamHasReferrer', 'account');
    // The target must not be above the agent: a team is a tree, never a loop.
    for (let up = agent.referrerId, hops = 0; up !== null && hops < 10_000; hops++) {
      if (up === target.id) throw fail('teamCycle', 'account');
      up = users.referrerOf(up) ?? null;
    }
    if (!codes.use(target.id, code)) throw fail('authCodeWrong', 'authCode');
    if (!users.setReferrerIfNone(target.id, agent.id)) throw fail('teamHasReferrer', 'account');
    store.recordJoin(agent.id, target.id, now());
  });

  registry.add(
    'team/add',
    (ctx) => {
      const agent = me(sessionOf(ctx).userId);
      if (agent.level !== 'agent') throw fail('agentOnly');
      // Spec 998: an agent acts for others only with a verified identity.
      if (agent.kyc !== 'verified') throw new AppError('kyc', 'kycRequired');
      const account = normalizeAccount(str(ctx.input, 'account'));
      if (!account) throw fail('required', 'account');
      const code = normalizeAuthCode(str(ctx.input, 'authCode'));
      if (!code) throw fail('required', 'authCode');
      const target = users.teamUserByAccount(account);
      // An unknown account answers like a wrong code, so the form cannot probe who is registered.
      if (!target || !AUTH_CODE_PATTERN.test(code)) {
        if (target) codes.check(target.id, code);
        throw fail('authCodeWrong', 'authCode');
      }
      // The code first: without it, nothing about the account is revealed.
      codes.check(target.id, code);
      add(agent, target, code);
      return toMember(store.member(target.id)!);
    },
    { limits: perUser(TEAM_ADD_LIMIT) },
  );
}

/** The operator's agent appointments (`users/agent account=… agent=true|false`), journaled. */
export function registerTeamOps(ops: OpsRegistry, deps: { sqlite: SqliteDb; journal: OpsJournal }): void {
  const users = accounts(deps.sqlite);
  const apply = deps.sqlite.transaction((operator: string, user: UserLite, level: 'member' | 'agent') => {
    users.setLevel(user.id, level);
    deps.journal.record({
      operator,
      action: 'user.level',
      targetType: 'users',
      targetId: String(user.id),
      detail: { from: user.level, to: level },
    });
  });
  ops.add('POST', 'users/agent', ({ operator, input }) => {
    const account = normalizeAccount(str(input, 'account'));
    if (!account) throw fail('required', 'account');
    const flag = str(input, 'agent').trim().toLowerCase();
    if (!['true', 'false'].includes(flag)) throw fail('badRequest', 'agent');
    const user = users.teamUserByAccount(account);
    if (!user) throw fail('accountUnknown', 'account');
    const level = flag === 'true' ? 'agent' : 'member';
    if (user.level !== level) apply(operator, user, level);
    return { userId: user.id, level };
  });
}
