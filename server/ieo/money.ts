import type { AccountType } from '../../domain';
import { HOUSE_USER_ID, WORLD_USER_ID, type Ledger } from '../ledger';

/** Ledger kinds of the IEO area. */
export const IEO_KINDS = {
  commit: 'ieo.commit',
  issue: 'ieo.issue',
  allocate: 'ieo.allocate',
} as const;

/** The new coin always lands in (and is issued into) `spot`. */
const COIN_ACCOUNT: AccountType = 'spot';

/**
 * The money events of a subscription, one method each, every one a ledger transaction naming its
 * project (`ieo_projects`/id) or allocation (`ieo_allocations`/project:user). The issuer is the house
 * (user 0): it receives what subscribers pay and keeps the lots nobody received. Callers await them
 * inside the writer command that writes the row they belong to.
 */
export class IeoMoney {
  constructor(private readonly ledger: Ledger) {}

  /** Freezes a commit in the user's `account` (the catalog's IEO account). Throws InsufficientBalanceError. */
  commit(
    projectId: number,
    userId: number,
    account: AccountType,
    quote: string,
    units: bigint,
  ): Promise<number> {
    return this.ledger.freeze(
      { kind: IEO_KINDS.commit, refType: 'ieo_projects', refId: String(projectId), actor: `user:${userId}` },
      { userId, account, coin: quote },
      units,
    );
  }

  /** The project's total issue enters the exchange: from the world to the issuer's `spot`. */
  issue(projectId: number, coin: string, totalUnits: bigint): Promise<number> {
    return this.ledger.transfer(
      { kind: IEO_KINDS.issue, refType: 'ieo_projects', refId: String(projectId), actor: 'system' },
      { userId: WORLD_USER_ID, account: COIN_ACCOUNT, coin },
      { userId: HOUSE_USER_ID, account: COIN_ACCOUNT, coin },
      totalUnits,
    );
  }

  /**
   * One subscriber's allocation: the whole commit leaves frozen, the refund returns to available,
   * the cost goes to the issuer, and the allocated coin moves from the issuer to the user's `spot`.
   */
  allocate(
    a: { projectId: number; userId: number; account: AccountType; quote: string; coin: string },
    units: { commit: bigint; cost: bigint; refund: bigint; allocated: bigint },
  ): Promise<number> {
    const user = { userId: a.userId, account: a.account, coin: a.quote };
    return this.ledger.post(
      {
        kind: IEO_KINDS.allocate,
        refType: 'ieo_allocations',
        refId: `${a.projectId}:${a.userId}`,
        actor: 'system',
        memo: 'pro-rata-lots',
      },
      [
        { ...user, field: 'frozen', delta: -units.commit },
        ...(units.refund > 0n ? [{ ...user, field: 'available' as const, delta: units.refund }] : []),
        ...(units.cost > 0n
          ? [
              {
                userId: HOUSE_USER_ID,
                account: COIN_ACCOUNT,
                coin: a.quote,
                field: 'available' as const,
                delta: units.cost,
              },
            ]
          : []),
        ...(units.allocated > 0n
          ? [
              {
                userId: HOUSE_USER_ID,
                account: COIN_ACCOUNT,
                coin: a.coin,
                field: 'available' as const,
                delta: -units.allocated,
              },
              {
                userId: a.userId,
                account: COIN_ACCOUNT,
                coin: a.coin,
                field: 'available' as const,
                delta: units.allocated,
              },
            ]
          : []),
      ],
    );
  }
}
