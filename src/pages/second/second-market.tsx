import { memo } from 'react';
import type { PairInfo } from '../../../domain/market';
import { PairBar, useTicker } from '../trade';
import { PriceChart } from './price-chart';
import { useTrades } from './use-trades';

/** Props of {@link SecondMarket}. */
export interface SecondMarketProps {
  symbol: string;
  pairs: readonly PairInfo[];
  /** Entry prices of the user's open options in this market, drawn as lines on the chart. */
  entries: readonly string[];
  onPick(symbol: string): void;
}

/**
 * The parts of the options page that follow the market: the pair bar with the last price and the
 * line of the latest trades. Trades stream several times a second; only this part renders again for
 * them, not the form or the history (as on the trade and contract pages), so each update stays a
 * short task on a slow phone.
 */
export const SecondMarket = memo(function SecondMarket({
  symbol,
  pairs,
  entries,
  onPick,
}: SecondMarketProps) {
  const ticker = useTicker(symbol);
  const trades = useTrades(symbol);
  return (
    <>
      <PairBar symbol={symbol} pairs={pairs} ticker={ticker} onPick={onPick} />
      <PriceChart trades={trades} entries={entries} />
    </>
  );
});
