import { HOUSE_USER_ID, type Ledger } from '../ledger';
import type { LegalStore, OrderRow } from './store';

/** Ledger kinds of the fiat area. */
export const LEGAL_KINDS = {
  adFreeze: 'legal.ad.freeze',
  adUnfreeze: 'legal.ad.unfreeze',
  escrow: 'legal.escrow',
  release: 'legal.release',
  refund: 'legal.return',
} as const;

/**
 * Escrow moves of an order, all in the seller's `legal` account and all ledger transactions naming
 * the order (ref `legal_orders`/id) or the ad whose freeze they change (`legal_ads`/id). One method
 * per money event; callers await them inside the writer command that changes the order's status
 * (the ledger posts only there), so a refusal later in that command undoes the move too.
 */
export class Escrow {
  constructor(
    private readonly ledger: Ledger,
    private readonly store: LegalStore,
  ) {}

  /** Freezes the user-seller's coin of a new order on a buy ad (a sell ad's coin is frozen already). */
  async hold(o: Pick<OrderRow, 'id' | 'sellerId' | 'coin' | 'qty'>, actor: string): Promise<void> {
    await this.ledger.freeze(
      { kind: LEGAL_KINDS.escrow, refType: 'legal_orders', refId: String(o.id), actor },
      { userId: o.sellerId, account: 'legal', coin: o.coin },
      BigInt(o.qty),
    );
  }

  /** The frozen coin leaves the seller: the buyer gets it less the fee, the house the fee. */
  async release(o: OrderRow, actor: string): Promise<void> {
    const qty = BigInt(o.qty);
    const fee = BigInt(o.fee);
    await this.ledger.post(
      { kind: LEGAL_KINDS.release, refType: 'legal_orders', refId: String(o.id), actor },
      [
        { userId: o.sellerId, account: 'legal', coin: o.coin, field: 'frozen', delta: -qty },
        { userId: o.buyerId, account: 'legal', coin: o.coin, field: 'available', delta: qty - fee },
        { userId: HOUSE_USER_ID, account: 'legal', coin: o.coin, field: 'available', delta: fee },
      ],
    );
  }

  /**
   * The order ends without a trade. On a sell ad still published (online or paused) the quantity
   * goes back to the ad and stays frozen for it; otherwise it is unfrozen to the seller, naming the
   * order. A buy ad gets its capacity back unless withdrawn.
   */
  async giveBack(o: OrderRow, actor: string, at: number): Promise<void> {
    const ad = await this.store.ad(o.adId);
    const adLive = ad !== undefined && ad.status !== 'withdrawn';
    if (adLive) await this.store.addRemaining(o.adId, o.qty, at);
    const keptByAd = adLive && ad.side === 'sell';
    if (!keptByAd) {
      await this.ledger.unfreeze(
        { kind: LEGAL_KINDS.refund, refType: 'legal_orders', refId: String(o.id), actor },
        { userId: o.sellerId, account: 'legal', coin: o.coin },
        BigInt(o.qty),
      );
    }
  }
}
