import { depositActivity, type DepositActivity } from '../assets';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { accounts, type Accounts } from '../mine';
import { tradeLog, type TradeLog } from '../trade';

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

type RebateDbRow = Omit<RebateRow, 'referralAccount'>;

/**
 * The statements over the team's rebates and joins, named by what they do. Integers come back as
 * bigint (rebates are money); the rebate row mapper narrows ids and times.
 */
const STATEMENTS = {
  // sum() arrives as an integer on SQLite and as a decimal string on PostgreSQL.
  totals: sql<[referrerId: number], { coin: string; units: bigint }>(
    `select coin, sum(units) as units from identity_rebates where referrer_id = ? group by coin order by coin`,
    (r) => ({ coin: r.coin as string, units: BigInt(r.units as bigint | string) }),
  ),
  rebates: sql<[referrerId: number, before: number, limit: number], RebateDbRow>(
    `select id, referral_id as "referralId", trade_id as "tradeId", symbol, coin, fee_units as "feeUnits",
       units, ledger_tx_id as "ledgerTxId", created_at as "createdAt"
     from identity_rebates where referrer_id = ? and id < ? order by id desc limit ?`,
    (r) => ({
      id: Number(r.id as bigint),
      referralId: Number(r.referralId as bigint),
      tradeId: Number(r.tradeId as bigint),
      symbol: r.symbol as string,
      coin: r.coin as string,
      feeUnits: BigInt(r.feeUnits as bigint),
      units: BigInt(r.units as bigint),
      ledgerTxId: Number(r.ledgerTxId as bigint),
      createdAt: Number(r.createdAt as bigint),
    }),
  ),
  recordJoin: sql<[agentId: number, userId: number, createdAt: number]>(
    'insert into identity_team_joins (agent_id, user_id, created_at) values (?, ?, ?)',
  ),
};

/**
 * Reads of a user's team: direct referrals, how many are active, rebates per coin and in detail.
 * "Active" means a spot trade (the user's latest, by id, which is in time order) or a credited
 * deposit (crypto or bank card) within the catalog's window; the users come from the accounts area,
 * their trades from the spot area and their deposits from the assets area, each through its face.
 * It also keeps the append-only record of agents' additions (`identity_team_joins`), written inside
 * the caller's writer command.
 */
export class TeamStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #users: Accounts;
  readonly #trades: TradeLog;
  readonly #deposits: DepositActivity;

  constructor(
    engine: Engine,
    private readonly activeDays: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#users = accounts(engine);
    this.#trades = tradeLog(engine);
    this.#deposits = depositActivity(engine);
    this.#q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  private since(): number {
    return this.now() - this.activeDays * DAY_MS;
  }

  /** The users among `ids` active within the catalog's window. */
  private async activeAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const since = this.since();
    const active = await this.#trades.tradedSince(ids, since);
    const rest = ids.filter((id) => !active.has(id));
    if (rest.length > 0) for (const id of await this.#deposits.depositedSince(rest, since)) active.add(id);
    return active;
  }

  /** Direct referrals of `userId`. */
  direct(userId: number): Promise<number> {
    return this.#users.referralCount(userId);
  }

  /** Direct referrals of `userId` active within the catalog's window. */
  async active(userId: number): Promise<number> {
    return (await this.activeAmong(await this.#users.referralIds(userId))).size;
  }

  /** Direct referrals, newest first, with ids below `before`. */
  async members(userId: number, before: number, limit: number): Promise<MemberRow[]> {
    const rows = await this.#users.referralPage(userId, before, limit);
    const active = await this.activeAmong(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, active: active.has(r.id) ? 1 : 0 }));
  }

  /** One user as a member row. */
  async member(id: number): Promise<MemberRow | undefined> {
    const row = await this.#users.referralRow(id);
    return row && { ...row, active: (await this.activeAmong([row.id])).has(row.id) ? 1 : 0 };
  }

  /** Rebates earned per coin, in minor units. */
  totals(userId: number): Promise<{ coin: string; units: bigint }[]> {
    return this.#q.totals.all(userId);
  }

  /** Records that `agentId` added `userId` to the team at `at` (ms); append-only. In a command. */
  async recordJoin(agentId: number, userId: number, at: number): Promise<void> {
    await this.#q.recordJoin.run(agentId, userId, at);
  }

  /** Rebates credited to `userId`, newest first, with ids below `before`. */
  async rebates(userId: number, before: number, limit: number): Promise<RebateRow[]> {
    const rows = await this.#q.rebates.all(userId, before, limit);
    const names = await this.#users.accountsOf(rows.map((r) => r.referralId));
    return rows.flatMap((r) => {
      const referralAccount = names.get(r.referralId);
      return referralAccount === undefined ? [] : [{ ...r, referralAccount }];
    });
  }
}
