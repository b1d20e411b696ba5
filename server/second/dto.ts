import { fromUnits, type SettlementReceipt } from '../../domain';
import type { SecondOption } from '../../domain/second-endpoints';
import type { OptionRow } from './option-store';

/** The app's view of an option row, amounts floored to the stake decimals. */
export function toSecondOption(o: OptionRow, decimals: number): SecondOption {
  return {
    id: o.id,
    symbol: o.symbol,
    direction: o.direction,
    seconds: o.seconds,
    coin: o.coin,
    stake: fromUnits(o.stakeUnits, decimals),
    payoutRate: o.payoutRate,
    payout: fromUnits(o.payoutUnits, decimals),
    status: o.status,
    result: o.result,
    entry: { tradeId: o.entryTradeId, price: o.entryPrice, ts: o.entryTs },
    exit:
      o.exitTradeId === null ? null : { tradeId: o.exitTradeId, price: o.exitPrice ?? '', ts: o.exitTs ?? 0 },
    acceptedAt: o.acceptedAt,
    expiresAt: o.expiresAt,
    settledAt: o.settledAt,
    credited: o.creditedUnits === null ? null : fromUnits(o.creditedUnits, decimals),
    receipt: o.receipt === null ? null : (JSON.parse(o.receipt) as SettlementReceipt),
    clientOrderId: o.clientOrderId,
  };
}
