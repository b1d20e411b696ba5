import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareAll, sql, type PreparedSet } from '../../db';

/** The statements over `deposit_addresses`, named by what they do. */
const STATEMENTS = {
  address: sql<[userId: number, chain: string], string>(
    'select address from deposit_addresses where user_id = ? and chain = ?',
    (r) => r.address as string,
  ),
  // No conflict target: a second address of the user and chain, or an address handed out already,
  // is left as it was, as `insert or ignore` did.
  insert: sql<[userId: number, chain: string, address: string, createdAt: number]>(
    `insert into deposit_addresses (user_id, chain, address, created_at) values (?, ?, ?, ?)
     on conflict do nothing`,
  ),
  owner: sql<[chain: string, address: string], number>(
    'select user_id from deposit_addresses where chain = ? and address = ?',
    (r) => Number(r.user_id),
  ),
};

/**
 * Users' deposit addresses (`deposit_addresses`), one per user and chain, created on first request.
 * The deposit service finds the owner of an incoming transfer here, so only addresses handed out by
 * this exchange are ever credited.
 */
export class DepositAddressStore {
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  /** The user's stored address on `chain`, or null when none was handed out yet. */
  get(userId: number, chain: string): string | null {
    return this.#q.address.get(userId, chain) ?? null;
  }

  /**
   * The user's address on `chain`, storing `derive()` the first time. The stored address wins over a
   * newly derived one, so an address once shown keeps receiving even if the adapter changes.
   */
  ensure(userId: number, chain: string, derive: () => string): string {
    const stored = this.get(userId, chain);
    if (stored !== null) return stored;
    this.#q.insert.run(userId, chain, derive(), this.now());
    const address = this.get(userId, chain);
    if (address === null) throw new Error(`deposit address of user ${userId} on ${chain} not stored`);
    return address;
  }

  /** Whose address `address` is on `chain`, or null for an address this exchange never handed out. */
  owner(chain: string, address: string): number | null {
    return this.#q.owner.get(chain, address) ?? null;
  }
}
