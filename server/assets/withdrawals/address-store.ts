import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { BoundAddress } from '../../../domain';

/** A row of `withdraw_addresses`; `createdAt` in ms since the epoch. */
export interface AddressRow extends BoundAddress {
  userId: number;
}

const COLUMNS = `id, user_id as userId, coin, chain, address, label, created_at as createdAt`;

/** Synchronous access to the bound withdrawal addresses (one per user, coin and chain). */
export class AddressStore {
  private readonly upsertRow: Statement;
  private readonly byCoinChain: Statement;
  private readonly listRows: Statement;
  private readonly deleteRow: Statement;

  constructor(sqlite: SqliteDb) {
    // The id is kept when an address is replaced, so the row stays one per coin and chain.
    this.upsertRow = sqlite.prepare(
      `insert into withdraw_addresses (user_id, coin, chain, address, label, created_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (user_id, coin, chain) do update
         set address = excluded.address, label = excluded.label, created_at = excluded.created_at
       returning ${COLUMNS}`,
    );
    this.byCoinChain = sqlite.prepare(
      `select ${COLUMNS} from withdraw_addresses where user_id = ? and coin = ? and chain = ?`,
    );
    this.listRows = sqlite.prepare(
      `select ${COLUMNS} from withdraw_addresses
       where user_id = ? and (? is null or coin = ?) and (? is null or chain = ?)
       order by id desc`,
    );
    this.deleteRow = sqlite.prepare(`delete from withdraw_addresses where id = ? and user_id = ?`);
  }

  /** Binds `address` for the user's coin and chain, replacing the one bound before. */
  bind(row: Omit<AddressRow, 'id'>): AddressRow {
    return this.upsertRow.get(
      row.userId,
      row.coin,
      row.chain,
      row.address,
      row.label,
      row.createdAt,
    ) as AddressRow;
  }

  /** The address bound for this coin and chain, if any. */
  find(userId: number, coin: string, chain: string): AddressRow | undefined {
    return this.byCoinChain.get(userId, coin, chain) as AddressRow | undefined;
  }

  /** The user's bound addresses, newest first, optionally of one coin and/or chain. */
  list(userId: number, coin: string | null, chain: string | null): AddressRow[] {
    return this.listRows.all(userId, coin, coin, chain, chain) as AddressRow[];
  }

  /** Removes one of the user's addresses; false when the user has no address with that id. */
  unbind(userId: number, id: number): boolean {
    return this.deleteRow.run(id, userId).changes > 0;
  }
}
