import type { Database as SqliteDb, Statement } from 'better-sqlite3';

const DAY_MS = 86_400_000;

/** A direct referral row; times in ms since the epoch. */
export interface MemberRow {
  id: number;
  account: string;
  createdAt: number;
  kyc: 'none' | 'review' | 'verified';
  active: number;
}

/** A rebate row; amounts in ledger minor units (1e-8). */
export interface RebateRow {
  id: number;
  referralId: number;
  referralAccount: string;
  tradeId: number;
  symbol: string;
  coin: string;
  feeUnits: bigint;
  units: bigint;
  ledgerTxId: number;
  createdAt: number;
}

/**
 * "Active" in SQL, for the user whose id is `r.id`: a spot trade (their latest, by id, which is in
 * time order) or a credited deposit (crypto or bank card) since the bound `:since`.
 */
const ACTIVE_SQL = `(
  coalesce((select ts from spot_trades where maker_user_id = r.id order by id desc limit 1), 0) >= :since
  or coalesce((select ts from spot_trades where taker_user_id = r.id order by id desc limit 1), 0) >= :since
  or exists (select 1 from crypto_deposits d where d.user_id = r.id and d.credited_at >= :since)
  or exists (select 1 from bank_deposits b where b.user_id = r.id and b.status = 'confirmed' and b.decided_at >= :since)
)`;

/** Reads of a user's team: direct referrals, how many are active, rebates per coin and in detail. */
export class TeamStore {
  readonly #direct: Statement;
  readonly #active: Statement;
  readonly #members: Statement;
  readonly #totals: Statement;
  readonly #rebates: Statement;
  readonly #member: Statement;

  constructor(
    sqlite: SqliteDb,
    private readonly activeDays: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#direct = sqlite.prepare('select count(*) from users where referrer_id = ?').pluck();
    this.#active = sqlite
      .prepare(`select count(*) from users r where r.referrer_id = :me and ${ACTIVE_SQL}`)
      .pluck();
    this.#members = sqlite.prepare(
      `select r.id, r.account, r.created_at as createdAt, r.kyc, ${ACTIVE_SQL} as active
       from users r where r.referrer_id = :me and r.id < :before order by r.id desc limit :limit`,
    );
    this.#member = sqlite.prepare(
      `select r.id, r.account, r.created_at as createdAt, r.kyc, ${ACTIVE_SQL} as active
       from users r where r.id = :id`,
    );
    this.#totals = sqlite
      .prepare(
        `select coin, sum(units) as units from identity_rebates where referrer_id = ? group by coin order by coin`,
      )
      .safeIntegers(true);
    this.#rebates = sqlite
      .prepare(
        `select x.id, x.referral_id as referralId, u.account as referralAccount, x.trade_id as tradeId,
           x.symbol, x.coin, x.fee_units as feeUnits, x.units, x.ledger_tx_id as ledgerTxId,
           x.created_at as createdAt
         from identity_rebates x join users u on u.id = x.referral_id
         where x.referrer_id = ? and x.id < ? order by x.id desc limit ?`,
      )
      .safeIntegers(true);
  }

  private since(): number {
    return this.now() - this.activeDays * DAY_MS;
  }

  /** Direct referrals of `userId`. */
  direct(userId: number): number {
    return Number(this.#direct.get(userId));
  }

  /** Direct referrals of `userId` active within the catalog's window. */
  active(userId: number): number {
    return Number(this.#active.get({ me: userId, since: this.since() }));
  }

  /** Direct referrals, newest first, with ids below `before`. */
  members(userId: number, before: number, limit: number): MemberRow[] {
    return this.#members.all({ me: userId, since: this.since(), before, limit }) as MemberRow[];
  }

  /** One user as a member row. */
  member(id: number): MemberRow | undefined {
    return this.#member.get({ id, since: this.since() }) as MemberRow | undefined;
  }

  /** Rebates earned per coin, in minor units. */
  totals(userId: number): { coin: string; units: bigint }[] {
    return this.#totals.all(userId) as { coin: string; units: bigint }[];
  }

  /** Rebates credited to `userId`, newest first, with ids below `before`. */
  rebates(userId: number, before: number, limit: number): RebateRow[] {
    return (this.#rebates.all(userId, before, limit) as (RebateRow & { id: bigint })[]).map((r) => ({
      ...r,
      id: Number(r.id),
      referralId: Number(r.referralId),
      tradeId: Number(r.tradeId),
      ledgerTxId: Number(r.ledgerTxId),
      createdAt: Number(r.createdAt),
    }));
  }
}
