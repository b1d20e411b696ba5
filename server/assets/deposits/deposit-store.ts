import type { CryptoDepositStatus } from '../../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';
import { accounts, type Accounts } from '../../mine';

/** A row of `crypto_deposits`. `amount` in ledger minor units (1e-8); times in ms since the epoch. */
export interface DepositRow {
  id: number;
  userId: number;
  coin: string;
  chain: string;
  address: string;
  txid: string;
  vout: number;
  amount: bigint;
  /** Block that includes the transfer, or null while it is unconfirmed. */
  blockHeight: number | null;
  confirmations: number;
  status: CryptoDepositStatus;
  createdAt: number;
  creditedAt: number | null;
  finalAt: number | null;
}

/** A deposit as the operator lists it: the row and its owner's login account. */
export interface OpsDepositRow extends DepositRow {
  account: string;
}

/** A page of deposits, newest first, ids below `before`; null filters match everything. */
export interface DepositQuery {
  userId: number | null;
  coin: string | null;
  status: CryptoDepositStatus | null;
  before: number;
  limit: number;
}

/** The change `advance` makes: new confirmations and status, and the times it sets. */
export interface DepositAdvance {
  id: number;
  /** Status the row must still have, so two advances never both apply. */
  from: CryptoDepositStatus;
  to: CryptoDepositStatus;
  confirmations: number;
  at: number;
}

const COLUMNS = `d.id, d.user_id as "userId", d.coin, d.chain, d.address, d.txid, d.vout, d.amount,
  d.block_height as "blockHeight", d.confirmations, d.status, d.created_at as "createdAt",
  d.credited_at as "creditedAt", d.final_at as "finalAt"`;

// A null filter matches everything. The casts give PostgreSQL the type of a parameter that is only
// compared with null (it cannot infer one there); SQLite's cast of null is null.
const FILTER = `(cast(? as bigint) is null or d.user_id = ?) and (cast(? as text) is null or d.coin = ?)
  and (cast(? as text) is null or d.status = ?) and d.id < ?`;

function toRow(r: Record<string, unknown>): DepositRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    coin: String(r.coin),
    chain: String(r.chain),
    address: String(r.address),
    txid: String(r.txid),
    vout: Number(r.vout),
    amount: BigInt(r.amount as bigint),
    blockHeight: num(r.blockHeight),
    confirmations: Number(r.confirmations),
    status: r.status as CryptoDepositStatus,
    createdAt: Number(r.createdAt),
    creditedAt: num(r.creditedAt),
    finalAt: num(r.finalAt),
  };
}

type Filter = [
  userId: number | null,
  userId2: number | null,
  coin: string | null,
  coin2: string | null,
  status: CryptoDepositStatus | null,
  status2: CryptoDepositStatus | null,
  before: number,
];

/**
 * The statements over `crypto_deposits`, named by what they do. Integers come back as bigint
 * (amounts can pass 2^53 minor units); the row mapper narrows ids, heights and times.
 */
const STATEMENTS = {
  // A transfer reported again (same chain, txid and vout) leaves the first row as it was.
  insert: sql<
    [
      userId: number,
      coin: string,
      chain: string,
      address: string,
      txid: string,
      vout: number,
      amount: bigint,
      blockHeight: number | null,
      createdAt: number,
    ]
  >(
    `insert into crypto_deposits
       (user_id, coin, chain, address, txid, vout, amount, block_height, confirmations, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, 'pending', ?)
     on conflict (chain, txid, vout) do nothing`,
  ),
  byKey: sql<[chain: string, txid: string, vout: number], DepositRow>(
    `select ${COLUMNS} from crypto_deposits d where d.chain = ? and d.txid = ? and d.vout = ?`,
    toRow,
  ),
  byId: sql<[id: number], DepositRow>(`select ${COLUMNS} from crypto_deposits d where d.id = ?`, toRow),
  setBlock: sql<[height: number, id: number]>(
    'update crypto_deposits set block_height = ? where id = ? and block_height is null',
  ),
  open: sql<[chain: string], DepositRow>(
    `select ${COLUMNS} from crypto_deposits d
     where d.chain = ? and d.status <> 'final' and d.block_height is not null order by d.id`,
    toRow,
  ),
  advance: sql<
    [
      confirmations: number,
      to: CryptoDepositStatus,
      to2: CryptoDepositStatus,
      at: number,
      to3: CryptoDepositStatus,
      at2: number,
      id: number,
      from: CryptoDepositStatus,
      confirmations2: number,
    ]
  >(
    `update crypto_deposits set confirmations = ?, status = ?,
       credited_at = case when credited_at is null and ? <> 'pending' then ? else credited_at end,
       final_at = case when ? = 'final' then cast(? as bigint) else null end
     where id = ? and status = ? and confirmations < ?`,
  ),
  page: sql<[...Filter, limit: number], DepositRow>(
    `select ${COLUMNS} from crypto_deposits d where ${FILTER} order by d.id desc limit ?`,
    toRow,
  ),
};

/** Access to `crypto_deposits`; the writes run inside the deposit service's writer commands. */
export class DepositStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #users: Accounts;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS, { bigints: true });
    this.#users = accounts(engine);
  }

  /**
   * Stores a newly seen deposit as `pending` with 0 confirmations. Returns the row, and whether it
   * was new: a transfer reported again (same chain, txid and vout) leaves the first row as it was.
   * Inside a writer command only.
   */
  async insert(
    d: Pick<DepositRow, 'userId' | 'coin' | 'chain' | 'address' | 'txid' | 'vout' | 'amount' | 'blockHeight'>,
    at: number,
  ): Promise<{ row: DepositRow; inserted: boolean }> {
    const info = await this.#q.insert.run(
      d.userId,
      d.coin,
      d.chain,
      d.address,
      d.txid,
      d.vout,
      d.amount,
      d.blockHeight,
      at,
    );
    const row = await this.byKey(d.chain, d.txid, d.vout);
    if (!row) throw new Error(`deposit ${d.chain}/${d.txid}/${d.vout} not stored`);
    return { row, inserted: info.changes === 1 };
  }

  async byKey(chain: string, txid: string, vout: number): Promise<DepositRow | null> {
    return (await this.#q.byKey.get(chain, txid, vout)) ?? null;
  }

  async byId(id: number): Promise<DepositRow | null> {
    return (await this.#q.byId.get(id)) ?? null;
  }

  /** Records the block of a deposit first seen unconfirmed; false when it already had one. */
  async setBlock(id: number, height: number): Promise<boolean> {
    return (await this.#q.setBlock.run(height, id)).changes === 1;
  }

  /** Deposits of `chain` in a block and not yet final: the ones a new block may advance. */
  open(chain: string): Promise<DepositRow[]> {
    return this.#q.open.all(chain);
  }

  /**
   * Applies an advance if the row still has status `from` and fewer confirmations; false when it
   * had moved on already (the caller must then not credit it).
   */
  async advance(a: DepositAdvance): Promise<boolean> {
    const info = await this.#q.advance.run(
      a.confirmations,
      a.to,
      a.to,
      a.at,
      a.to,
      a.at,
      a.id,
      a.from,
      a.confirmations,
    );
    return info.changes === 1;
  }

  /** One page of deposits, newest first. */
  list(q: DepositQuery): Promise<DepositRow[]> {
    return this.#q.page.all(...filterArgs(q), q.limit);
  }

  /** One page of deposits with their owners' accounts, newest first (operator view). */
  async listWithAccounts(q: DepositQuery): Promise<OpsDepositRow[]> {
    const rows = await this.list(q);
    const names = await this.#users.accountsOf(rows.map((r) => r.userId));
    return rows.flatMap((r) => {
      const account = names.get(r.userId);
      return account === undefined ? [] : [{ ...r, account }];
    });
  }
}

function filterArgs(q: DepositQuery): Filter {
  return [q.userId, q.userId, q.coin, q.coin, q.status, q.status, q.before];
}
