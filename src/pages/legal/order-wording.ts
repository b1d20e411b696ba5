import type { LegalOrderStatus } from '../../../domain/legal';

/** The caller's part in a P2P order or in taking an ad. */
export type Party = 'buyer' | 'seller';

/** Keys of the take dialog's title and payment-window note (legal namespace). */
export interface TakeWording {
  title: 'take.titleBuy' | 'take.titleSell';
  window: 'take.windowBuyer' | 'take.windowSeller';
}

/**
 * The take dialog's words for the side the taker is on. Selling to a buy ad is not "selling from"
 * the merchant, and the seller does not pay: the buyer does, while the seller's coin waits in
 * escrow (issue 29).
 */
export function takeWording(side: 'buy' | 'sell'): TakeWording {
  return side === 'buy'
    ? { title: 'take.titleBuy', window: 'take.windowBuyer' }
    : { title: 'take.titleSell', window: 'take.windowSeller' };
}

/** Keys of the order page's state name and the hint under it (legal namespace). */
export interface OrderWording {
  name: `status.${LegalOrderStatus}` | `stateName.${Party}.${'pending' | 'paid'}`;
  /** Pending hints take `{ amount, currency }`. */
  hint:
    | 'order.payYourself'
    | 'order.waitBuyer'
    | 'order.waitSeller'
    | 'order.checkReceipt'
    | `state.${Party}.${Exclude<LegalOrderStatus, 'pending' | 'paid'>}`;
}

/**
 * What the order page says about `status` to the buyer and to the seller: each side of every state
 * has its own words, since what each must do (or need not do) differs. Pending and paid name the
 * state from the reader's side too ("To pay" / "Awaiting the buyer's payment"); a finished state
 * keeps one name and tells each side what happened to its money or coin.
 */
export function orderWording(status: LegalOrderStatus, role: Party): OrderWording {
  const buyer = role === 'buyer';
  switch (status) {
    case 'pending':
      return { name: `stateName.${role}.pending`, hint: buyer ? 'order.payYourself' : 'order.waitBuyer' };
    case 'paid':
      return { name: `stateName.${role}.paid`, hint: buyer ? 'order.waitSeller' : 'order.checkReceipt' };
    default:
      return { name: `status.${status}`, hint: `state.${role}.${status}` };
  }
}
