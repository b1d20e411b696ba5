import { CANDLE_INTERVALS } from '../../../domain';
import { baselinePart } from '../../db';

/**
 * The candles' part of the baseline (legacy `004-candles`). Prices and volumes are the canonical
 * strings that went out on the wire; `t` is the open time in ms since the epoch.
 */
export const candlesBaseline = baselinePart(40, (d) => [
  `create table candles (
     symbol text not null,
     interval text not null check (interval in (${CANDLE_INTERVALS.map((i) => `'${i}'`).join(', ')})),
     t ${d.int} not null,
     o text not null,
     h text not null,
     l text not null,
     c text not null,
     v text not null,
     qv text not null,
     primary key (symbol, interval, t)
   )${d.withoutRowid}`,
]);
