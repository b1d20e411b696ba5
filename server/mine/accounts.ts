import type { AccountKind, KycState } from '../../domain';
import {
  sql,
  statementsByKey,
  statementsOf,
  type AsyncPrepared,
  type AsyncPreparedSet,
  type Engine,
} from '../db';
import { byListSize, idLists, placeholders, type IdListSize } from '../shared/id-lists';

/** What the credit score needs of a user; times in ms since the epoch. */
export interface CreditFactsRow {
  createdAt: number;
  kyc: string;
  /** 1 when a trade password is set, else 0. */
  hasTradePassword: number;
}

/** What the team pages need of a user. */
export interface TeamUserRow {
  id: number;
  account: string;
  level: 'member' | 'agent';
  kyc: string;
  promoCode: string;
  referrerId: number | null;
}

/** A direct referral as the team list shows it; `createdAt` in ms since the epoch. */
export interface ReferralRow {
  id: number;
  account: string;
  createdAt: number;
  kyc: 'none' | 'review' | 'verified';
}

/** How the fiat area shows a user to a counterparty; `createdAt` in ms since the epoch. */
export interface ProfileRow {
  account: string;
  accountKind: AccountKind;
  kyc: string;
  createdAt: number;
}

const TEAM_COLS = `id, account, level, kyc, promo_code as "promoCode", referrer_id as "referrerId"`;
const REFERRAL_COLS = `id, account, created_at as "createdAt", kyc`;

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const id = (r: Record<string, unknown>) => Number(r.id);
const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toTeamUser = (r: Record<string, unknown>): TeamUserRow => ({
  id: Number(r.id),
  account: r.account as string,
  level: r.level as TeamUserRow['level'],
  kyc: r.kyc as string,
  promoCode: r.promoCode as string,
  referrerId: orNull(r.referrerId),
});

const toReferral = (r: Record<string, unknown>): ReferralRow => ({
  id: Number(r.id),
  account: r.account as string,
  createdAt: Number(r.createdAt),
  kyc: r.kyc as ReferralRow['kyc'],
});

/** Account names of a list of user ids, one statement per list length. */
const ACCOUNTS_OF_IDS = byListSize((size) =>
  sql<number[], { id: number; account: string }>(
    `select id, account from users where id in (${placeholders(size)})`,
    (r) => ({ id: Number(r.id), account: r.account as string }),
  ),
);

/** Inviters of a list of user ids (those that have one), one statement per list length. */
const REFERRERS_OF_IDS = byListSize((size) =>
  sql<number[], { id: number; referrerId: number }>(
    `select id, referrer_id as "referrerId" from users
     where id in (${placeholders(size)}) and referrer_id is not null`,
    (r) => ({ id: Number(r.id), referrerId: Number(r.referrerId) }),
  ),
);

/** The statements over `users` that other areas run, named by what they do. */
const STATEMENTS = {
  idOfAccount: sql<[account: string], number>('select id from users where account = ?', id),
  accountOfId: sql<[userId: number], string>(
    'select account from users where id = ?',
    (r) => r.account as string,
  ),
  kycOfId: sql<[userId: number], KycState>('select kyc from users where id = ?', (r) => r.kyc as KycState),
  setKyc: sql<[kyc: KycState, userId: number]>('update users set kyc = ? where id = ?'),
  // A `case`, not `… is not null`: PostgreSQL gives a boolean there, SQLite 1 or 0.
  creditFacts: sql<[userId: number], CreditFactsRow>(
    `select created_at as "createdAt", kyc,
       case when trade_password_hash is null then 0 else 1 end as "hasTradePassword"
     from users where id = ?`,
    (r) => ({
      createdAt: Number(r.createdAt),
      kyc: r.kyc as string,
      hasTradePassword: Number(r.hasTradePassword),
    }),
  ),
  saveCreditScore: sql<[score: number, userId: number, score2: number]>(
    'update users set credit_score = ? where id = ? and credit_score <> ?',
  ),
  teamUserById: sql<[userId: number], TeamUserRow>(`select ${TEAM_COLS} from users where id = ?`, toTeamUser),
  teamUserByAccount: sql<[account: string], TeamUserRow>(
    `select ${TEAM_COLS} from users where account = ?`,
    toTeamUser,
  ),
  referrerOf: sql<[userId: number], number | null>('select referrer_id from users where id = ?', (r) =>
    orNull(r.referrer_id),
  ),
  setReferrerIfNone: sql<[referrerId: number, userId: number]>(
    'update users set referrer_id = ? where id = ? and referrer_id is null',
  ),
  setLevel: sql<[level: 'member' | 'agent', userId: number]>('update users set level = ? where id = ?'),
  referralCount: sql<[userId: number], number>('select count(*) as n from users where referrer_id = ?', (r) =>
    Number(r.n),
  ),
  referralIds: sql<[userId: number], number>('select id from users where referrer_id = ?', id),
  referralPage: sql<[userId: number, before: number, limit: number], ReferralRow>(
    `select ${REFERRAL_COLS} from users where referrer_id = ? and id < ? order by id desc limit ?`,
    toReferral,
  ),
  referralRow: sql<[userId: number], ReferralRow>(
    `select ${REFERRAL_COLS} from users where id = ?`,
    toReferral,
  ),
  profileOf: sql<[userId: number], ProfileRow>(
    `select account, account_kind as "accountKind", kyc, created_at as "createdAt" from users where id = ?`,
    (r) => ({
      account: r.account as string,
      accountKind: r.accountKind as AccountKind,
      kyc: r.kyc as string,
      createdAt: Number(r.createdAt),
    }),
  ),
};

/**
 * The accounts area's face on `users` for the other areas: who an account is, the names of a page of
 * user ids, and the few columns other areas keep on the user (`kyc` by identity verification,
 * `credit_score` by the credit score, `referrer_id` and `level` by the team). Every method is
 * asynchronous; reads outside a writer command see committed rows, and the writes (`setKyc`,
 * `saveCreditScore`, `setReferrerIfNone`, `setLevel`) run only inside the command of the change
 * that decides them.
 */
export class Accounts {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #accountsOfIds: (size: IdListSize) => AsyncPrepared<number[], { id: number; account: string }>;
  readonly #referrersOfIds: (size: IdListSize) => AsyncPrepared<number[], { id: number; referrerId: number }>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
    this.#accountsOfIds = statementsByKey(engine, ACCOUNTS_OF_IDS);
    this.#referrersOfIds = statementsByKey(engine, REFERRERS_OF_IDS);
  }

  /** The id of the user with this (normalized) account name, or undefined. */
  idOf(account: string): Promise<number | undefined> {
    return this.#q.idOfAccount.get(account);
  }

  /** The account name of a user, or undefined for an unknown id. */
  accountOf(userId: number): Promise<string | undefined> {
    return this.#q.accountOfId.get(userId);
  }

  /** Account names of the known users among `userIds`, in one read. */
  async accountsOf(userIds: Iterable<number | bigint>): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const list of idLists([...userIds].map(Number))) {
      for (const r of await this.#accountsOfIds(list.size).all(...list.ids)) out.set(r.id, r.account);
    }
    return out;
  }

  /** A user's identity verification state, or undefined for an unknown id. */
  kycOf(userId: number): Promise<KycState | undefined> {
    return this.#q.kycOfId.get(userId);
  }

  /** Sets a user's identity verification state (identity verification is the only writer). */
  async setKyc(userId: number, kyc: KycState): Promise<void> {
    await this.#q.setKyc.run(kyc, userId);
  }

  /** The facts the credit score takes from the user row, or undefined for an unknown id. */
  creditFacts(userId: number): Promise<CreditFactsRow | undefined> {
    return this.#q.creditFacts.get(userId);
  }

  /** Keeps the last computed credit score with the user (no write when it is unchanged). */
  async saveCreditScore(userId: number, score: number): Promise<void> {
    await this.#q.saveCreditScore.run(score, userId, score);
  }

  /** A user as the team pages see it, by id. */
  teamUserById(userId: number): Promise<TeamUserRow | undefined> {
    return this.#q.teamUserById.get(userId);
  }

  /** A user as the team pages see it, by (normalized) account name. */
  teamUserByAccount(account: string): Promise<TeamUserRow | undefined> {
    return this.#q.teamUserByAccount.get(account);
  }

  /** The inviter of a user: null for none, undefined for an unknown user. */
  referrerOf(userId: number): Promise<number | null | undefined> {
    return this.#q.referrerOf.get(userId);
  }

  /** Inviters of the users among `userIds` that have one, in one read. */
  async referrersOf(userIds: Iterable<number>): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const list of idLists(userIds)) {
      for (const r of await this.#referrersOfIds(list.size).all(...list.ids)) out.set(r.id, r.referrerId);
    }
    return out;
  }

  /** Makes `referrerId` the inviter of a user who has none; false when the user already had one. */
  async setReferrerIfNone(userId: number, referrerId: number): Promise<boolean> {
    return (await this.#q.setReferrerIfNone.run(referrerId, userId)).changes > 0;
  }

  /** Sets a user's level (member or agent). */
  async setLevel(userId: number, level: 'member' | 'agent'): Promise<void> {
    await this.#q.setLevel.run(level, userId);
  }

  /** How many users `userId` invited directly. */
  async referralCount(userId: number): Promise<number> {
    return (await this.#q.referralCount.get(userId)) ?? 0;
  }

  /** Ids of every user `userId` invited directly. */
  referralIds(userId: number): Promise<number[]> {
    return this.#q.referralIds.all(userId);
  }

  /** Direct referrals of `userId`, newest first, with ids below `before`. */
  referralPage(userId: number, before: number, limit: number): Promise<ReferralRow[]> {
    return this.#q.referralPage.all(userId, before, limit);
  }

  /** One user as a referral row. */
  referralRow(userId: number): Promise<ReferralRow | undefined> {
    return this.#q.referralRow.get(userId);
  }

  /** How the fiat area shows a user, or undefined for an unknown id. */
  profileOf(userId: number): Promise<ProfileRow | undefined> {
    return this.#q.profileOf.get(userId);
  }
}
