import { fromUnits, type LeverOrder } from '../../domain';
import { contractSize } from '../../domain/lever-math';
import type { PairUnits } from '../shared/units';
import type { LeverRow } from './store';

const price = (u: PairUnits, ticks: number | null) => (ticks === null ? null : u.price(ticks));

/** The app's view of a lever order row. */
export function toLeverOrder(r: LeverRow, u: PairUnits): LeverOrder {
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    status: r.status,
    multiple: r.multiple,
    hands: r.hands,
    lot: r.lot,
    size: contractSize(r.hands, r.lot),
    limitPrice: price(u, r.limitTicks),
    openPrice: price(u, r.openTicks),
    margin: fromUnits(r.marginUnits),
    openFee: fromUnits(r.openFeeUnits),
    closeFee: fromUnits(r.closeFeeUnits),
    overnightFees: fromUnits(r.overnightUnits),
    tp: price(u, r.tpTicks),
    sl: price(u, r.slTicks),
    liquidationPrice: r.status === 'trading' ? price(u, r.liqTicks) : null,
    closePrice: price(u, r.closeTicks),
    pnl: r.pnlUnits === null ? null : fromUnits(r.pnlUnits),
    coin: r.coin,
    createdAt: r.createdAt,
    openedAt: r.openedAt,
    closedAt: r.closedAt,
    receipt: r.receipt,
  };
}
