import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';

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
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** The user's stored address on `chain`, or null when none was handed out yet. */
  async get(userId: number, chain: string): Promise<string | null> {
    return (await this.#q.address.get(userId, chain)) ?? null;
  }

  /**
   * The user's address on `chain`, storing `derive()` the first time (a writer command of its own,
   * or a step of the caller's). The stored address wins over a newly derived one, so an address once
   * shown keeps receiving even if the adapter changes.
   */
  async ensure(userId: number, chain: string, derive: () => string): Promise<string> {
    const stored = await this.get(userId, chain);
    if (stored !== null) return stored;
    const derived = derive();
    return this.engine.writer.run(async () => {
      // `insert or ignore`: an address another command stored first stays, and is the one returned.
      await this.#q.insert.run(userId, chain, derived, this.now());
      const address = await this.get(userId, chain);
      if (address === null) throw new Error(`deposit address of user ${userId} on ${chain} not stored`);
      return address;
    });
  }

  /** Whose address `address` is on `chain`, or null for an address this exchange never handed out. */
  async owner(chain: string, address: string): Promise<number | null> {
    return (await this.#q.owner.get(chain, address)) ?? null;
  }
}
