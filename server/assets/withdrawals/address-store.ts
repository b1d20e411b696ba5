import type { BoundAddress } from '../../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';

/** A row of `withdraw_addresses`; `createdAt` in ms since the epoch. */
export interface AddressRow extends BoundAddress {
  userId: number;
}

const COLUMNS = `id, user_id as "userId", coin, chain, address, label, created_at as "createdAt"`;

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): AddressRow => ({
  id: Number(r.id),
  userId: Number(r.userId),
  coin: r.coin as string,
  chain: r.chain as string,
  address: r.address as string,
  label: r.label as string,
  createdAt: Number(r.createdAt),
});

/** The statements over `withdraw_addresses`, named by what they do. */
const STATEMENTS = {
  // The id is kept when an address is replaced, so the row stays one per coin and chain.
  bind: sql<
    [userId: number, coin: string, chain: string, address: string, label: string, createdAt: number],
    AddressRow
  >(
    `insert into withdraw_addresses (user_id, coin, chain, address, label, created_at)
     values (?, ?, ?, ?, ?, ?)
     on conflict (user_id, coin, chain) do update
       set address = excluded.address, label = excluded.label, created_at = excluded.created_at
     returning ${COLUMNS}`,
    toRow,
  ),
  byCoinChain: sql<[userId: number, coin: string, chain: string], AddressRow>(
    `select ${COLUMNS} from withdraw_addresses where user_id = ? and coin = ? and chain = ?`,
    toRow,
  ),
  list: sql<
    [userId: number, coin: string | null, coin2: string | null, chain: string | null, chain2: string | null],
    AddressRow
  >(
    `select ${COLUMNS} from withdraw_addresses
     where user_id = ? and (cast(? as text) is null or coin = ?)
       and (cast(? as text) is null or chain = ?)
     order by id desc`,
    toRow,
  ),
  unbind: sql<[id: number, userId: number]>(`delete from withdraw_addresses where id = ? and user_id = ?`),
};

/** The bound withdrawal addresses (one per user, coin and chain); writes inside writer commands. */
export class AddressStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS);
  }

  /** Binds `address` for the user's coin and chain, replacing the one bound before. */
  async bind(row: Omit<AddressRow, 'id'>): Promise<AddressRow> {
    return (await this.q.bind.get(row.userId, row.coin, row.chain, row.address, row.label, row.createdAt))!;
  }

  /** The address bound for this coin and chain, if any. */
  find(userId: number, coin: string, chain: string): Promise<AddressRow | undefined> {
    return this.q.byCoinChain.get(userId, coin, chain);
  }

  /** The user's bound addresses, newest first, optionally of one coin and/or chain. */
  list(userId: number, coin: string | null, chain: string | null): Promise<AddressRow[]> {
    return this.q.list.all(userId, coin, coin, chain, chain);
  }

  /** Removes one of the user's addresses; false when the user has no address with that id. */
  async unbind(userId: number, id: number): Promise<boolean> {
    return (await this.q.unbind.run(id, userId)).changes > 0;
  }
}
