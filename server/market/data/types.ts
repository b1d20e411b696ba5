import type { Side } from '../engine/types';

/**
 * Sends `data` on a socket channel. The server's ChannelHub `publish` fits
 * (`hub.publish.bind(hub)`); a broker-backed publisher can replace it when the server scales out.
 */
export type PublishFn = (channel: string, data: unknown) => void;

/** Publishes nothing: the default, so every builder also works headless (tests, replays). */
export const NO_PUBLISH: PublishFn = () => {};

/**
 * One executed trade as market data needs it: the engine's TradeEvent plus the id and time the order
 * service assigns when it records the trade.
 */
export interface MarketTrade {
  /** Trade id from the order service's trades table; safe integer, increasing per market. */
  readonly id: number;
  /** Execution price in ticks (> 0). */
  readonly priceTicks: number;
  /** Executed quantity in lots (> 0). */
  readonly lots: number;
  /** Side of the incoming (taker) order. */
  readonly takerSide: Side;
  /** Execution time, milliseconds since the epoch. */
  readonly ts: number;
}

/** Throws RangeError unless `trade` has positive safe-integer price and lots and a safe-integer time. */
export function checkTrade(trade: MarketTrade): void {
  const ok =
    Number.isSafeInteger(trade.priceTicks) &&
    trade.priceTicks > 0 &&
    Number.isSafeInteger(trade.lots) &&
    trade.lots > 0 &&
    Number.isSafeInteger(trade.ts) &&
    Number.isSafeInteger(trade.id);
  if (!ok) throw new RangeError(`invalid market trade: ${JSON.stringify(trade)}`);
}
