import type { AccountType } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** A row of `transfers`; `amount` in ledger minor units (1e-8), times in ms since the epoch. */
export interface TransferRow {
  id: number;
  userId: number;
  coin: string;
  from: AccountType;
  to: AccountType;
  amount: bigint;
  remark: string;
  createdAt: number;
}

/** A filter and page of a user's transfers, newest first, ids below `before`. */
export interface TransferQuery {
  userId: number;
  coin: string | null;
  before: number;
  limit: number;
}

const COLUMNS = `id, user_id as "userId", coin, from_account as "from", to_account as "to", amount,
  remark, created_at as "createdAt"`;

function toRow(r: Record<string, unknown>): TransferRow {
  return {
    id: Number(r.id as bigint),
    userId: Number(r.userId as bigint),
    coin: r.coin as string,
    from: r.from as AccountType,
    to: r.to as AccountType,
    amount: BigInt(r.amount as bigint),
    remark: r.remark as string,
    createdAt: Number(r.createdAt as bigint),
  };
}

/**
 * The statements over `transfers`, named by what they do. Integers come back as bigint (amounts are
 * money); the row mapper narrows ids and times.
 */
const STATEMENTS = {
  insert: sql<
    [
      userId: number,
      coin: string,
      from: AccountType,
      to: AccountType,
      amount: bigint,
      remark: string,
      createdAt: number,
    ],
    number
  >(
    `insert into transfers (user_id, coin, from_account, to_account, amount, remark, created_at)
     values (?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  page: sql<[userId: number, before: number, limit: number], TransferRow>(
    `select ${COLUMNS} from transfers where user_id = ? and id < ? order by id desc limit ?`,
    toRow,
  ),
  pageByCoin: sql<[userId: number, coin: string, before: number, limit: number], TransferRow>(
    `select ${COLUMNS} from transfers where user_id = ? and coin = ? and id < ? order by id desc limit ?`,
    toRow,
  ),
};

/** Access to `transfers`; `insert` runs inside the writer command that posts the ledger transaction. */
export class TransferStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  /** Inserts a transfer row and returns it with its id; inside a writer command only. */
  async insert(row: Omit<TransferRow, 'id'>): Promise<TransferRow> {
    const { lastId: id } = await this.q.insert.run(
      row.userId,
      row.coin,
      row.from,
      row.to,
      row.amount,
      row.remark,
      row.createdAt,
    );
    return { id, ...row };
  }

  /** One page of a user's transfers, newest first. */
  list(q: TransferQuery): Promise<TransferRow[]> {
    return q.coin === null
      ? this.q.page.all(q.userId, q.before, q.limit)
      : this.q.pageByCoin.all(q.userId, q.coin, q.before, q.limit);
  }
}
