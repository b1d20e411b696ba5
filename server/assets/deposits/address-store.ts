import type { Database as SqliteDb, Statement } from 'better-sqlite3';

/**
 * Users' deposit addresses (`deposit_addresses`), one per user and chain, created on first request.
 * The deposit service finds the owner of an incoming transfer here, so only addresses handed out by
 * this exchange are ever credited.
 */
export class DepositAddressStore {
  readonly #get: Statement<[number, string], { address: string }>;
  readonly #insert: Statement;
  readonly #owner: Statement<[string, string], { user_id: number }>;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#get = sqlite.prepare('select address from deposit_addresses where user_id = ? and chain = ?');
    this.#insert = sqlite.prepare(
      'insert or ignore into deposit_addresses (user_id, chain, address, created_at) values (?, ?, ?, ?)',
    );
    this.#owner = sqlite.prepare('select user_id from deposit_addresses where chain = ? and address = ?');
  }

  /** The user's stored address on `chain`, or null when none was handed out yet. */
  get(userId: number, chain: string): string | null {
    return this.#get.get(userId, chain)?.address ?? null;
  }

  /**
   * The user's address on `chain`, storing `derive()` the first time. The stored address wins over a
   * newly derived one, so an address once shown keeps receiving even if the adapter changes.
   */
  ensure(userId: number, chain: string, derive: () => string): string {
    const stored = this.get(userId, chain);
    if (stored !== null) return stored;
    this.#insert.run(userId, chain, derive(), this.now());
    const address = this.get(userId, chain);
    if (address === null) throw new Error(`deposit address of user ${userId} on ${chain} not stored`);
    return address;
  }

  /** Whose address `address` is on `chain`, or null for an address this exchange never handed out. */
  owner(chain: string, address: string): number | null {
    return this.#owner.get(chain, address)?.user_id ?? null;
  }
}
