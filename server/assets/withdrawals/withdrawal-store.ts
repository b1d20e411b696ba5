import type { WithdrawalStatus } from '../../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';
import { accounts, type Accounts } from '../../mine';

/**
 * A row of `withdrawals`. `amount` (taken from the account, fee included) and `fee` are ledger minor
 * units (1e-8 of the coin); times are ms since the epoch.
 */
export interface WithdrawalRow {
  id: number;
  userId: number;
  coin: string;
  chain: string;
  address: string;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  txid: string | null;
  reason: string | null;
  /** Operator name for approvals and rejections; null while in review and for the user's cancel. */
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A row as the operator lists it: with the owner's account. */
export interface OpsWithdrawalRow extends WithdrawalRow {
  account: string;
}

/** A page of withdrawals, newest first, ids below `before`; null filters match everything. */
export interface WithdrawalQuery {
  userId: number | null;
  coin: string | null;
  status: WithdrawalStatus | null;
  before: number;
  limit: number;
}

/** How a withdrawal in review is closed. */
export interface Decision {
  status: Exclude<WithdrawalStatus, 'review'>;
  txid: string | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: number;
}

const COLUMNS = `w.id, w.user_id as "userId", w.coin, w.chain, w.address, w.amount, w.fee, w.status, w.txid,
  w.reason, w.decided_by as "decidedBy", w.created_at as "createdAt", w.decided_at as "decidedAt"`;

type Raw = Record<string, bigint | string | null>;
const num = (v: bigint | string | null) => (v === null ? null : Number(v));

function toRow(r: Raw): WithdrawalRow {
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    coin: r.coin as string,
    chain: r.chain as string,
    address: r.address as string,
    amount: BigInt(r.amount as bigint),
    fee: BigInt(r.fee as bigint),
    status: r.status as WithdrawalStatus,
    txid: r.txid as string | null,
    reason: r.reason as string | null,
    decidedBy: r.decidedBy as string | null,
    createdAt: Number(r.createdAt),
    decidedAt: num(r.decidedAt),
  };
}

const rows = (r: Record<string, unknown>) => toRow(r as Raw);

/**
 * The statements over `withdrawals`, named by what they do. Integers come back as bigint (amounts
 * and fees are money); the row mapper narrows ids and times.
 */
const STATEMENTS = {
  insert: sql<
    [
      userId: number,
      coin: string,
      chain: string,
      address: string,
      amount: bigint,
      fee: bigint,
      createdAt: number,
    ],
    number
  >(
    `insert into withdrawals (user_id, coin, chain, address, amount, fee, status, created_at)
     values (?, ?, ?, ?, ?, ?, 'review', ?) returning id`,
    (r) => Number(r.id),
  ),
  byId: sql<[id: number], WithdrawalRow>(`select ${COLUMNS} from withdrawals w where w.id = ?`, rows),
  page: sql<
    [
      userId: number | null,
      userId2: number | null,
      coin: string | null,
      coin2: string | null,
      status: WithdrawalStatus | null,
      status2: WithdrawalStatus | null,
      before: number,
      limit: number,
    ],
    WithdrawalRow
  >(
    `select ${COLUMNS} from withdrawals w
     where (cast(? as bigint) is null or w.user_id = ?) and (cast(? as text) is null or w.coin = ?)
       and (cast(? as text) is null or w.status = ?)
       and w.id < ?
     order by w.id desc limit ?`,
    rows,
  ),
  usedSince: sql<[userId: number, coin: string, since: number], bigint>(
    `select coalesce(sum(amount), 0) as total from withdrawals
     where user_id = ? and coin = ? and status in ('review', 'approved') and created_at >= ?`,
    // PostgreSQL's sum of integers arrives as a decimal string.
    (r) => BigInt(r.total as bigint | string),
  ),
  decide: sql<
    [
      status: Decision['status'],
      txid: string | null,
      reason: string | null,
      decidedBy: string | null,
      decidedAt: number,
      id: number,
    ]
  >(
    `update withdrawals set status = ?, txid = ?, reason = ?, decided_by = ?, decided_at = ?
     where id = ? and status = 'review'`,
  ),
};

/** Access to `withdrawals`; the writes run inside the withdrawal service's writer commands. */
export class WithdrawalStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;
  private readonly users: Accounts;

  constructor(engine: Engine) {
    this.users = accounts(engine);
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  /** Inserts a withdrawal in review and returns it with its id. */
  async insert(
    row: Omit<WithdrawalRow, 'id' | 'status' | 'txid' | 'reason' | 'decidedBy' | 'decidedAt'>,
  ): Promise<WithdrawalRow> {
    const { lastId: id } = await this.q.insert.run(
      row.userId,
      row.coin,
      row.chain,
      row.address,
      row.amount,
      row.fee,
      row.createdAt,
    );
    return { id, ...row, status: 'review', txid: null, reason: null, decidedBy: null, decidedAt: null };
  }

  /** One withdrawal with its owner's account, whoever owns it. */
  async get(id: number): Promise<OpsWithdrawalRow | undefined> {
    const row = await this.q.byId.get(id);
    if (!row) return undefined;
    const account = await this.users.accountOf(row.userId);
    return account === undefined ? undefined : { ...row, account };
  }

  /** One page, newest first. */
  async list(q: WithdrawalQuery): Promise<OpsWithdrawalRow[]> {
    const page = await this.q.page.all(
      q.userId,
      q.userId,
      q.coin,
      q.coin,
      q.status,
      q.status,
      q.before,
      q.limit,
    );
    const names = await this.users.accountsOf(page.map((r) => r.userId));
    return page.flatMap((r) => {
      const account = names.get(r.userId);
      return account === undefined ? [] : [{ ...r, account }];
    });
  }

  /** Units of `coin` the user requested since `since` (ms), rejected and cancelled ones excluded. */
  async usedSince(userId: number, coin: string, since: number): Promise<bigint> {
    return (await this.q.usedSince.get(userId, coin, since))!;
  }

  /** Closes a withdrawal still in review; false when it was no longer in review. */
  async decide(id: number, d: Decision): Promise<boolean> {
    const info = await this.q.decide.run(d.status, d.txid, d.reason, d.decidedBy, d.decidedAt, id);
    return info.changes > 0;
  }
}
