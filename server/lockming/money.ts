import { HOUSE_USER_ID, type Holder, type Ledger } from '../ledger';
import type { PositionRow } from './store';

/** Ledger kinds of the area. */
export const LOCKMING_KINDS = {
  lock: 'lockming.lock',
  interest: 'lockming.interest',
  maturity: 'lockming.maturity',
  redeem: 'lockming.redeem',
  reserve: 'lockming.reserve',
} as const;

type Pos = Pick<PositionRow, 'id' | 'userId' | 'coin' | 'principalUnits'>;

const user = (p: Pos): Holder => ({ userId: p.userId, account: 'finance', coin: p.coin });
const house = (coin: string): Holder => ({ userId: HOUSE_USER_ID, account: 'finance', coin });
const ref = (p: Pos) => ({ refType: 'lockming_positions', refId: String(p.id) });

/**
 * The area's money events, each one ledger transaction naming the position, all in `finance`
 * accounts. The principal stays the user's, frozen while locked; the interest a lock promises is
 * frozen in the house's `finance` account of the coin when it is accepted (so the house's frozen
 * balance there is everything promised and not yet paid, and its available balance what it can still
 * promise) and leaves it day by day. Callers await these inside the writer command that writes the
 * position's rows, so a refusal later in that command undoes the move too.
 */
export class LockmingMoney {
  constructor(private readonly ledger: Ledger) {}

  /** Freezes the user's principal and the house's promise. Throws InsufficientBalanceError. */
  lock(p: Pos, promiseUnits: bigint, actor: string): Promise<number> {
    const h = house(p.coin);
    return this.ledger.post({ kind: LOCKMING_KINDS.lock, ...ref(p), actor }, [
      { ...user(p), field: 'available', delta: -p.principalUnits },
      { ...user(p), field: 'frozen', delta: p.principalUnits },
      { ...h, field: 'available', delta: -promiseUnits },
      { ...h, field: 'frozen', delta: promiseUnits },
    ]);
  }

  /** One day's interest: from the house's promise to the user's available balance. */
  interest(p: Pos, amount: bigint): Promise<number> {
    return this.ledger.post(
      { kind: LOCKMING_KINDS.interest, ...ref(p), actor: 'system', memo: 'daily interest' },
      [
        { ...house(p.coin), field: 'frozen', delta: -amount },
        { ...user(p), field: 'available', delta: amount },
      ],
    );
  }

  /** Maturity: the principal unfrozen and the last day's interest paid, in one transaction. */
  mature(p: Pos, lastInterest: bigint): Promise<number> {
    return this.ledger.post({ kind: LOCKMING_KINDS.maturity, ...ref(p), actor: 'system', memo: 'maturity' }, [
      { ...user(p), field: 'frozen', delta: -p.principalUnits },
      { ...user(p), field: 'available', delta: p.principalUnits + lastInterest },
      { ...house(p.coin), field: 'frozen', delta: -lastInterest },
    ]);
  }

  /**
   * Redemption before maturity: the principal unfrozen less `forfeited` (interest already paid,
   * taken back to the house), and the promise not yet paid (`released`) back to the house's
   * available balance.
   */
  redeem(p: Pos, forfeited: bigint, released: bigint, actor: string): Promise<number> {
    const h = house(p.coin);
    return this.ledger.post({ kind: LOCKMING_KINDS.redeem, ...ref(p), actor }, [
      { ...user(p), field: 'frozen', delta: -p.principalUnits },
      { ...user(p), field: 'available', delta: p.principalUnits - forfeited },
      { ...h, field: 'available', delta: forfeited + released },
      { ...h, field: 'frozen', delta: -released },
    ]);
  }

  /** An operator moves the house's own `spot` balance of a coin into its `finance` reserve. */
  reserve(coin: string, amount: bigint, operator: string): Promise<number> {
    return this.ledger.post(
      { kind: LOCKMING_KINDS.reserve, refType: 'house', refId: coin, actor: `operator:${operator}` },
      [
        { userId: HOUSE_USER_ID, account: 'spot', coin, field: 'available', delta: -amount },
        { ...house(coin), field: 'available', delta: amount },
      ],
    );
  }
}
