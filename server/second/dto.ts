import { fromUnits, type ReceiptAmount, type SettlementReceipt } from '../../domain';
import type { SecondOption } from '../../domain/second-endpoints';
import type { OptionRow } from './option-store';

/**
 * The receipt of a settled option, from its stored columns: the entry and exit trades the rule used,
 * the rule, the option's own amounts (8 decimals) and the ledger transaction that moved them.
 */
export function receiptOf(o: OptionRow): SettlementReceipt | null {
  if (o.status !== 'settled' || o.exitTradeId === null || o.creditedUnits === null) return null;
  const amounts: ReceiptAmount[] = [{ label: 'stake', coin: o.coin, amount: `-${fromUnits(o.stakeUnits)}` }];
  if (o.result === 'won') amounts.push({ label: 'payout', coin: o.coin, amount: fromUnits(o.creditedUnits) });
  if (o.result === 'equal')
    amounts.push({ label: 'refund', coin: o.coin, amount: fromUnits(o.creditedUnits) });
  return {
    rule: 'expiry',
    trades: [
      { role: 'entry', id: o.entryTradeId, price: o.entryPrice, ts: o.entryTs },
      { role: 'exit', id: o.exitTradeId, price: o.exitPrice ?? '', ts: o.exitTs ?? 0 },
    ],
    amounts,
    ledgerTxId: o.settleTxId,
    ts: o.settledAt ?? 0,
  };
}

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
    receipt: receiptOf(o),
    clientOrderId: o.clientOrderId,
  };
}
