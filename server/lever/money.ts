import { fromUnits, toUnits, type KindsOf, type SettlementReceipt, type SettlementRule } from '../../domain';
import { leverFeeOf, liquidationPriceOf, marginOf, notionalOf, settlementOf } from '../../domain/lever-math';
import { HOUSE_USER_ID, InsufficientBalanceError, type Holder, type Ledger, type TxMeta } from '../ledger';
import { fail } from '../http';
import type { TapeTrade } from '../market';
import type { PairUnits } from '../shared/units';
import type { LeverRow } from './store';

/** Signed ledger units of a decimal string such as `-1.50000000`. */
export function signedUnits(value: string): bigint {
  return value.startsWith('-') ? -toUnits(value.slice(1)) : toUnits(value);
}

/** Margin and open fee of an order at `ticks`, in ledger units. */
export function openCost(
  units: PairUnits,
  ticks: number,
  hands: number,
  lot: string,
  multiple: number,
  feeRate: string,
) {
  const price = units.price(ticks);
  const margin = toUnits(marginOf(price, hands, lot, multiple));
  const fee = toUnits(leverFeeOf(notionalOf(price, hands, lot), feeRate));
  return { margin, fee };
}

/** The liquidation trigger of a position in ticks, or null when it can never be liquidated. */
export function liquidationTicks(row: LeverRow, units: PairUnits, ratio: string): number | null {
  const p = liquidationPriceOf(
    row.side,
    units.price(row.openTicks!),
    fromUnits(row.marginUnits),
    row.hands,
    row.lot,
    ratio,
    units.pair.tickSize,
  );
  return p === null ? null : units.priceToTicks(p);
}

const user = (row: LeverRow): Holder => ({ userId: row.userId, account: 'lever', coin: row.coin });
const house = (row: LeverRow): Holder => ({ userId: HOUSE_USER_ID, account: 'lever', coin: row.coin });

/**
 * The holders the money moves of `rows` touch (each user's and the house's `lever` account), for one
 * `ledger.load` before the moves: the moves below post synchronously (`postLoaded`), so a command
 * that settles many orders waits for the balances once, not once per order.
 */
export function holdersOf(rows: Iterable<LeverRow>): Holder[] {
  const out: Holder[] = [];
  for (const r of rows) out.push(user(r), house(r));
  return out;
}
const meta = (row: LeverRow, kind: KindsOf<'lever'>, actor: string): TxMeta => ({
  kind: `lever.${kind}`,
  refType: 'lever_orders',
  refId: String(row.id),
  actor,
});

/** The ledger kind of a close by `rule`: every settlement rule but an option's expiry is one. */
function closeKind(rule: SettlementRule): KindsOf<'lever'> {
  if (rule === 'expiry') throw new Error('an option expiry does not close a contract');
  return rule;
}

/**
 * Posts through the ledger, inside a writer command, for holders loaded before (`holdersOf`); a
 * refusal for an overdraft becomes the spec's "credit running low".
 */
export function post(ledger: Ledger, m: TxMeta, postings: Parameters<Ledger['post']>[1]): number {
  try {
    return ledger.postLoaded(m, postings);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance');
    throw err;
  }
}

/** A market open: margin frozen, open fee to the house, in one ledger transaction. */
export function postOpen(ledger: Ledger, row: LeverRow): number {
  const u = user(row);
  return post(ledger, meta(row, 'open', `user:${row.userId}`), [
    { ...u, field: 'available', delta: -(row.marginUnits + row.openFeeUnits) },
    { ...u, field: 'frozen', delta: row.marginUnits },
    { ...house(row), field: 'available', delta: row.openFeeUnits },
  ]);
}

/** A limit order: margin and open fee frozen until it opens or is cancelled. */
export function postEntrust(ledger: Ledger, row: LeverRow): number {
  return post(ledger, meta(row, 'entrust', `user:${row.userId}`), [
    { ...user(row), field: 'available', delta: -(row.marginUnits + row.openFeeUnits) },
    { ...user(row), field: 'frozen', delta: row.marginUnits + row.openFeeUnits },
  ]);
}

/** A limit order opens: the frozen fee goes to the house, the margin stays frozen. */
export function postEntry(ledger: Ledger, row: LeverRow): number {
  return post(ledger, meta(row, 'limitEntry', 'engine'), [
    { ...user(row), field: 'frozen', delta: -row.openFeeUnits },
    { ...house(row), field: 'available', delta: row.openFeeUnits },
  ]);
}

/** A limit order is cancelled: margin and fee unfrozen. */
export function postCancel(ledger: Ledger, row: LeverRow): number {
  const amount = row.marginUnits + row.openFeeUnits;
  return post(ledger, meta(row, 'cancel', `user:${row.userId}`), [
    { ...user(row), field: 'frozen', delta: -amount },
    { ...user(row), field: 'available', delta: amount },
  ]);
}

/**
 * One overnight fee: from the available lever balance when it covers the fee, else from the
 * position's margin (at most all of it). Returns what was taken and from where.
 */
export function postOvernight(
  ledger: Ledger,
  row: LeverRow,
  units: PairUnits,
  rate: string,
): { taken: bigint; from: 'available' | 'margin'; txId: number } | null {
  const fee = toUnits(leverFeeOf(notionalOf(units.price(row.openTicks!), row.hands, row.lot), rate));
  if (fee === 0n) return null;
  const avail = ledger.balanceLoaded(user(row)).available;
  const from = avail >= fee ? 'available' : 'margin';
  const taken = from === 'available' ? fee : fee < row.marginUnits ? fee : row.marginUnits;
  if (taken === 0n) return null;
  const txId = post(ledger, meta(row, 'overnightFee', 'system'), [
    { ...user(row), field: from === 'available' ? 'available' : 'frozen', delta: -taken },
    { ...house(row), field: 'available', delta: taken },
  ]);
  return { taken, from, txId };
}

/**
 * Closes a position at `trade`'s price: margin released, PnL and close fee settled with the house in
 * one ledger transaction; the user never loses more than the margin (the house covers the gap).
 * Updates `row` and returns its receipt.
 */
export function postClose(
  ledger: Ledger,
  row: LeverRow,
  units: PairUnits,
  trade: TapeTrade,
  rule: SettlementRule,
  closeFeeRate: string,
  actor: string,
  now: number,
  entryTrade: TapeTrade | undefined,
): SettlementReceipt {
  const s = settlementOf({
    side: row.side,
    openPrice: units.price(row.openTicks!),
    price: trade.price,
    hands: row.hands,
    lot: row.lot,
    margin: fromUnits(row.marginUnits),
    closeFeeRate,
  });
  const payout = toUnits(s.payout);
  const txId = post(ledger, meta(row, closeKind(rule), actor), [
    { ...user(row), field: 'frozen', delta: -row.marginUnits },
    { ...user(row), field: 'available', delta: payout },
    { ...house(row), field: 'available', delta: row.marginUnits - payout },
  ]);
  row.status = 'closed';
  row.closeTicks = trade.priceTicks;
  row.closeTradeId = trade.id;
  row.closeRule = rule;
  row.pnlUnits = signedUnits(s.pnl);
  row.closeFeeUnits = toUnits(s.closeFee);
  row.closedAt = now;
  row.updatedAt = now;
  const trades: SettlementReceipt['trades'] = [];
  if (entryTrade) {
    trades.push({
      role: row.type === 'limit' ? 'trigger' : 'entry',
      id: entryTrade.id,
      price: entryTrade.price,
      ts: entryTrade.ts,
    });
  }
  trades.push({ role: 'exit', id: trade.id, price: trade.price, ts: trade.ts });
  const amounts = [
    { label: 'margin', coin: row.coin, amount: fromUnits(row.marginUnits) },
    { label: 'pnl', coin: row.coin, amount: s.pnl },
    {
      label: 'closeFee',
      coin: row.coin,
      amount: s.closeFee === '0.00000000' ? s.closeFee : `-${s.closeFee}`,
    },
    { label: 'payout', coin: row.coin, amount: s.payout },
  ];
  if (s.houseCover !== '0.00000000')
    amounts.push({ label: 'houseCover', coin: row.coin, amount: s.houseCover });
  row.receipt = { rule, trades, amounts, ledgerTxId: txId, ts: now };
  return row.receipt;
}

/** The receipt of an opening: the trade that gave the price (or reached the limit), margin and fee. */
export function openReceipt(
  row: LeverRow,
  trade: TapeTrade,
  rule: 'open' | 'limitEntry',
  txId: number,
  now: number,
): SettlementReceipt {
  return {
    rule,
    trades: [{ role: rule === 'open' ? 'entry' : 'trigger', id: trade.id, price: trade.price, ts: trade.ts }],
    amounts: [
      { label: 'margin', coin: row.coin, amount: fromUnits(row.marginUnits) },
      { label: 'openFee', coin: row.coin, amount: `-${fromUnits(row.openFeeUnits)}` },
    ],
    ledgerTxId: txId,
    ts: now,
  };
}
