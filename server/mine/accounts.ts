import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { AccountKind, KycState } from '../../domain';

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

const TEAM_COLS = `id, account, level, kyc, promo_code as promoCode, referrer_id as referrerId`;
const REFERRAL_COLS = `id, account, created_at as createdAt, kyc`;

/** A batch of ids as one bound value, for `where id in (select value from json_each(?))`. */
const idList = (ids: Iterable<number>): string => JSON.stringify([...new Set(ids)]);

/**
 * The accounts area's face on `users` for the other areas: who an account is, the names of a page of
 * user ids, and the few columns other areas keep on the user (`kyc` by identity verification,
 * `credit_score` by the credit score, `referrer_id` and `level` by the team). Every statement is
 * prepared on first use, so a test schema with only some columns serves the calls it makes.
 */
export class Accounts {
  readonly #statements = new Map<string, Statement>();

  constructor(private readonly sqlite: SqliteDb) {}

  #s(name: string, sql: string, pluck = false): Statement {
    let stmt = this.#statements.get(name);
    if (!stmt) {
      stmt = this.sqlite.prepare(sql);
      if (pluck) stmt.pluck();
      this.#statements.set(name, stmt);
    }
    return stmt;
  }

  /** The id of the user with this (normalized) account name, or undefined. */
  idOf(account: string): number | undefined {
    return this.#s('idOfAccount', 'select id from users where account = ?', true).get(account) as
      number | undefined;
  }

  /** The account name of a user, or undefined for an unknown id. */
  accountOf(userId: number): string | undefined {
    return this.#s('accountOfId', 'select account from users where id = ?', true).get(userId) as
      string | undefined;
  }

  /** Account names of the known users among `userIds`, in one read. */
  accountsOf(userIds: Iterable<number | bigint>): Map<number, string> {
    const rows = this.#s(
      'accountsOfIds',
      'select id, account from users where id in (select value from json_each(?))',
    ).all(idList([...userIds].map(Number))) as { id: number; account: string }[];
    return new Map(rows.map((r) => [r.id, r.account]));
  }

  /** A user's identity verification state, or undefined for an unknown id. */
  kycOf(userId: number): KycState | undefined {
    return this.#s('kycOfId', 'select kyc from users where id = ?', true).get(userId) as KycState | undefined;
  }

  /** Sets a user's identity verification state (identity verification is the only writer). */
  setKyc(userId: number, kyc: KycState): void {
    this.#s('setKyc', 'update users set kyc = ? where id = ?').run(kyc, userId);
  }

  /** The facts the credit score takes from the user row, or undefined for an unknown id. */
  creditFacts(userId: number): CreditFactsRow | undefined {
    return this.#s(
      'creditFacts',
      `select created_at as createdAt, kyc, trade_password_hash is not null as hasTradePassword
       from users where id = ?`,
    ).get(userId) as CreditFactsRow | undefined;
  }

  /** Keeps the last computed credit score with the user (no write when it is unchanged). */
  saveCreditScore(userId: number, score: number): void {
    this.#s('saveCreditScore', 'update users set credit_score = ? where id = ? and credit_score <> ?').run(
      score,
      userId,
      score,
    );
  }

  /** A user as the team pages see it, by id. */
  teamUserById(userId: number): TeamUserRow | undefined {
    return this.#s('teamUserById', `select ${TEAM_COLS} from users where id = ?`).get(userId) as
      TeamUserRow | undefined;
  }

  /** A user as the team pages see it, by (normalized) account name. */
  teamUserByAccount(account: string): TeamUserRow | undefined {
    return this.#s('teamUserByAccount', `select ${TEAM_COLS} from users where account = ?`).get(account) as
      TeamUserRow | undefined;
  }

  /** The inviter of a user: null for none, undefined for an unknown user. */
  referrerOf(userId: number): number | null | undefined {
    return this.#s('referrerOf', 'select referrer_id from users where id = ?', true).get(userId) as
      number | null | undefined;
  }

  /** Inviters of the users among `userIds` that have one, in one read. */
  referrersOf(userIds: Iterable<number>): Map<number, number> {
    const rows = this.#s(
      'referrersOfIds',
      `select id, referrer_id as referrerId from users
       where id in (select value from json_each(?)) and referrer_id is not null`,
    ).all(idList(userIds)) as { id: number; referrerId: number }[];
    return new Map(rows.map((r) => [r.id, r.referrerId]));
  }

  /** Makes `referrerId` the inviter of a user who has none; false when the user already had one. */
  setReferrerIfNone(userId: number, referrerId: number): boolean {
    return (
      this.#s(
        'setReferrerIfNone',
        'update users set referrer_id = ? where id = ? and referrer_id is null',
      ).run(referrerId, userId).changes > 0
    );
  }

  /** Sets a user's level (member or agent). */
  setLevel(userId: number, level: 'member' | 'agent'): void {
    this.#s('setLevel', 'update users set level = ? where id = ?').run(level, userId);
  }

  /** How many users `userId` invited directly. */
  referralCount(userId: number): number {
    return Number(
      this.#s('referralCount', 'select count(*) from users where referrer_id = ?', true).get(userId),
    );
  }

  /** Ids of every user `userId` invited directly. */
  referralIds(userId: number): number[] {
    return this.#s('referralIds', 'select id from users where referrer_id = ?', true).all(userId) as number[];
  }

  /** Direct referrals of `userId`, newest first, with ids below `before`. */
  referralPage(userId: number, before: number, limit: number): ReferralRow[] {
    return this.#s(
      'referralPage',
      `select ${REFERRAL_COLS} from users where referrer_id = ? and id < ? order by id desc limit ?`,
    ).all(userId, before, limit) as ReferralRow[];
  }

  /** One user as a referral row. */
  referralRow(userId: number): ReferralRow | undefined {
    return this.#s('referralRow', `select ${REFERRAL_COLS} from users where id = ?`).get(userId) as
      ReferralRow | undefined;
  }

  /** How the fiat area shows a user, or undefined for an unknown id. */
  profileOf(userId: number): ProfileRow | undefined {
    return this.#s(
      'profileOf',
      `select account, account_kind as accountKind, kyc, created_at as createdAt from users where id = ?`,
    ).get(userId) as ProfileRow | undefined;
  }
}
