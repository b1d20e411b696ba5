/**
 * The spot area's face for other areas: `tradeLog(engine)` reads committed trades and orders (see
 * TradeLog); `spotDesk(engine)` sells through the order service with a price bound (see SpotDesk).
 * The ServerModule is in `module.ts`.
 */
import type { Engine } from '../db';
import { TradeLog } from './trade-log';

export { TradeLog, type FeeTradeRow, type TapeRow } from './trade-log';

const faces = new WeakMap<Engine, TradeLog>();

/** The trade log on this database (one per engine). */
export function tradeLog(engine: Engine): TradeLog {
  let face = faces.get(engine);
  if (!face) faces.set(engine, (face = new TradeLog(engine)));
  return face;
}
export { spotMigration } from './schema';
export { spotDesk, type SpotDesk, type BidWalk, type Within, type WithinFill } from './desk';
export type { OrderRow, TradeRow } from './order-store';
export { openSpotOrders, spotHouseLines } from './console-face';
