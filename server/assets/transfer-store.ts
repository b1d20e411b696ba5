import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { AccountType } from '../../domain';

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

const COLUMNS = `id, user_id as userId, coin, from_account as "from", to_account as "to", amount,
  remark, created_at as createdAt`;

/** Synchronous access to `transfers`, for use inside the ledger's database transaction. */
export class TransferStore {
  private readonly insertRow: Statement;
  private readonly page: Statement;
  private readonly pageByCoin: Statement;

  constructor(sqlite: SqliteDb) {
    this.insertRow = sqlite.prepare(
      `insert into transfers (user_id, coin, from_account, to_account, amount, remark, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.page = sqlite
      .prepare(`select ${COLUMNS} from transfers where user_id = ? and id < ? order by id desc limit ?`)
      .safeIntegers(true);
    this.pageByCoin = sqlite
      .prepare(
        `select ${COLUMNS} from transfers where user_id = ? and coin = ? and id < ? order by id desc limit ?`,
      )
      .safeIntegers(true);
  }

  /** Inserts a transfer row and returns it with its id. */
  insert(row: Omit<TransferRow, 'id'>): TransferRow {
    const id = Number(
      this.insertRow.run(row.userId, row.coin, row.from, row.to, row.amount, row.remark, row.createdAt)
        .lastInsertRowid,
    );
    return { id, ...row };
  }

  /** One page of a user's transfers, newest first. */
  list(q: TransferQuery): TransferRow[] {
    const rows = (
      q.coin === null
        ? this.page.all(q.userId, q.before, q.limit)
        : this.pageByCoin.all(q.userId, q.coin, q.before, q.limit)
    ) as Array<Record<string, bigint | string>>;
    return rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.userId),
      coin: r.coin as string,
      from: r.from as AccountType,
      to: r.to as AccountType,
      amount: r.amount as bigint,
      remark: r.remark as string,
      createdAt: Number(r.createdAt),
    }));
  }
}
