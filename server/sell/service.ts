import { fromUnits, toUnits } from '../../domain';
import { quoteSell, slippageFloor } from '../../domain/sell-math';
import { parseSlippage, QUOTE_TTL_MS, quoteExpired, sellQtyProblem } from '../../domain/sell-rules';
import type { SellConfirmReq, SellFill, SellQuoteReq } from '../../domain/sell-types';
import type { Engine } from '../db';
import { fail, str } from '../http';
import type { Ledger } from '../ledger';
import type { PairUnits } from '../shared/units';
import { spotDesk, type WithinFill } from '../trade';
import { SellStore, type QuoteRow, type ReceiptRow } from './store';

/** The coin quick sell pays out. */
export const SELL_QUOTE_COIN = 'USDT';

/**
 * Quick sell: a quote from the book as it stands (one writer command that records it), then its
 * execution through the spot order service as a market sell that fills whole at or above the
 * user's bound or is refused with nothing changed (SpotDesk.sellWithin). The quote's checks (the
 * caller's, still open, not expired) run inside the spot batch's command, so a quote is used at most
 * once even when two confirmations race; its receipt is written in that same command.
 */
export class SellService {
  readonly store: SellStore;

  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    private readonly now: () => number,
  ) {
    this.store = new SellStore(engine);
  }

  /** The spot market `coin`/USDT, or the refusal `sellNotSellable`. */
  private market(coin: string): PairUnits {
    const units = spotDesk(this.engine).units(`${coin}/${SELL_QUOTE_COIN}`);
    if (!units || units.pair.status !== 'trading') throw fail('sellNotSellable', 'coin');
    return units;
  }

  /** Quotes selling `qty` of `coin` now; replaces the user's earlier open quote. */
  async quote(userId: number, req: SellQuoteReq): Promise<QuoteRow> {
    const units = this.market(str(req as never, 'coin'));
    const qty = str(req as never, 'qty').trim();
    const problem = sellQtyProblem(qty, units.pair.lotSize);
    if (problem) throw fail(problem, 'qty');
    const lots = units.qtyToLots(qty);
    if (lots === null) throw fail('qtyStep', 'qty');
    const desk = spotDesk(this.engine);
    const coin = units.pair.base;
    return this.engine.writer.run(async () => {
      const balance = await this.ledger.balance({ userId, account: 'spot', coin });
      if (balance.available < units.baseUnits(lots)) throw fail('insufficientBalance', 'qty');
      const walk = desk.takeBids(units.pair.symbol, userId, lots);
      if (walk.own) throw fail('sellOwnOrders');
      if (walk.fills.length === 0) throw fail('noOptimalPrice');
      if (walk.left > 0) throw fail('sellBookTooThin', 'qty');
      const levels = walk.fills.map((f) => ({ price: units.price(f.priceTicks), qty: units.qty(f.lots) }));
      const math = quoteSell(units.qty(lots), levels, units.pair.takerFee);
      const at = this.now();
      const row: Omit<QuoteRow, 'id' | 'status'> = {
        userId,
        symbol: units.pair.symbol,
        coin,
        lots,
        qty: math.qty,
        grossUnits: toUnits(math.gross),
        feeUnits: toUnits(math.fee),
        receivedUnits: toUnits(math.received),
        avgPrice: math.avgPrice!,
        worstTicks: walk.fills[walk.fills.length - 1]!.priceTicks,
        worstPrice: math.worstPrice!,
        createdAt: at,
        expiresAt: at + QUOTE_TTL_MS,
      };
      return { ...row, id: await this.store.newQuote(row), status: 'open' as const };
    });
  }

  /**
   * Executes quote `quoteId` with the user's slippage (percent): a market sell of the quoted amount
   * whose every fill is at or above the quote's worst price less the slippage (on the tick grid), or
   * nothing. Refusals: a quote that is not the caller's open one (`sellQuoteStale`), past its time
   * (`sellQuoteExpired`), a bound the book no longer meets (`sellSlippage`), no balance.
   */
  async confirm(userId: number, req: SellConfirmReq): Promise<ReceiptRow> {
    const slippage = parseSlippage(str(req as never, 'slippage'));
    if (slippage === null) throw fail('sellSlippageRange', 'slippage');
    const quoteId = Number(str(req as never, 'quoteId'));
    if (!Number.isSafeInteger(quoteId) || quoteId <= 0) throw fail('sellQuoteStale');
    // A first look outside the batch, for the market and the bound; checked again inside it.
    const first = await this.store.quote(quoteId);
    if (!first || first.userId !== userId) throw fail('sellQuoteStale');
    const units = this.market(first.coin);
    const floorPrice = slippageFloor(first.worstPrice, slippage, units.pair.tickSize);
    const floorTicks = units.priceToTicks(floorPrice)!;
    let receiptId = 0;
    await spotDesk(this.engine).sellWithin(
      userId,
      { symbol: first.symbol, lots: first.lots, clientOrderId: `sell-${quoteId}` },
      {
        floorTicks,
        check: async () => {
          const q = await this.store.quote(quoteId);
          if (!q || q.userId !== userId || q.status !== 'open') throw fail('sellQuoteStale');
          if (quoteExpired(q.expiresAt, this.now())) throw fail('sellQuoteExpired');
        },
        record: async (fill) => {
          receiptId = await this.store.receipt({
            ...this.amounts(units, fill),
            userId,
            quoteId,
            symbol: first.symbol,
            coin: first.coin,
            lots: first.lots,
            qty: first.qty,
            slippage,
            floorTicks,
            floorPrice,
            orderId: fill.row.id,
            ledgerTxId: fill.ledgerTxId,
            createdAt: this.now(),
          });
        },
      },
    );
    return (await this.store.receiptById(receiptId))!;
  }

  /**
   * The sell's amounts by the same rule as the quote (domain/sell-math.ts) over its real fills, and
   * each fill as the receipt keeps it. They must equal what the order service posted (the order's
   * quote and fee): a difference is a fault, never a receipt that disagrees with the ledger.
   */
  private amounts(units: PairUnits, fill: WithinFill) {
    const levels = fill.trades.map((t) => ({ price: units.price(t.priceTicks), qty: units.qty(t.lots) }));
    const math = quoteSell(units.qty(fill.row.filledLots), levels, units.pair.takerFee);
    const fills: SellFill[] = fill.trades.map((t) => ({
      tradeId: t.id,
      price: units.price(t.priceTicks),
      qty: units.qty(t.lots),
      value: fromUnits(t.quoteUnits),
      fee: fromUnits(t.takerFeeUnits),
    }));
    const grossUnits = toUnits(math.gross);
    const feeUnits = toUnits(math.fee);
    if (grossUnits !== fill.row.filledQuoteUnits || feeUnits !== fill.row.feeUnits) {
      throw new Error(`quick sell ${fill.row.id}: the rule and the order service disagree`);
    }
    return { grossUnits, feeUnits, receivedUnits: grossUnits - feeUnits, avgPrice: math.avgPrice!, fills };
  }
}
