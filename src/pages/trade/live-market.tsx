import { memo, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { PairInfo } from '../../../domain/market';
import { AsOf } from '../../components/as-of';
import { OrderBook } from './order-book';
import { PairBar, isDown } from './pair-bar';
import { useGroupedBook } from './use-book';
import { useDatedTicker } from './use-ticker';

/** The moving prices {@link LiveMarket} draws its form with; null when not needed or not known. */
export interface FormPrices {
  bestBid: string | null;
  bestAsk: string | null;
  last: string | null;
}

/** Props of {@link LiveMarket}. */
export interface LiveMarketProps {
  symbol: string;
  /** The market's rules; null while the catalog loads (the book shows its waiting shape). */
  pair: PairInfo | null;
  pairs: readonly PairInfo[];
  /** Whether the ticker is watched: not for a symbol the loaded catalog does not know. */
  watchTicker: boolean;
  /**
   * Which moving prices the form is drawn with: the book's best prices (a market order's estimate)
   * and the last trade (a contract's mark). What it does not need stays null, so a book update does
   * not render the form again.
   */
  needs: { best: boolean; last: boolean };
  /** The order form, given the moving prices it needs. */
  renderForm(live: FormPrices): ReactNode;
  /** What stands between the pair bar and the form (the contract page's links). */
  below?: ReactNode;
  onPickMarket(symbol: string): void;
  /** A price tapped in the book. */
  onPickPrice(price: string): void;
}

/**
 * The parts of the trade page that follow the market as it moves: the pair bar with the last
 * price, its age and the order book, around the order form. The book and the ticker stream several
 * times a second; only this part renders again for them (the form only for a market order's best
 * prices), so each update stays a short task on a slow phone.
 */
export const LiveMarket = memo(function LiveMarket({
  symbol,
  pair,
  pairs,
  watchTicker,
  needs,
  renderForm,
  below,
  onPickMarket,
  onPickPrice,
}: LiveMarketProps) {
  const { view, choice, setChoice, steps } = useGroupedBook(symbol, pair);
  const { ticker, time } = useDatedTicker(watchTicker ? symbol : null);
  const bestBid = needs.best ? (view?.bestBid ?? null) : null;
  const bestAsk = needs.best ? (view?.bestAsk ?? null) : null;
  const lastTrade = needs.last ? (ticker?.last ?? null) : null;
  const form = useMemo(
    () => renderForm({ bestBid, bestAsk, last: lastTrade }),
    [renderForm, bestBid, bestAsk, lastTrade],
  );
  const last = useMemo(
    () => (ticker ? { price: ticker.last, up: !isDown(ticker.changePct) } : null),
    [ticker],
  );
  return (
    <>
      <PairBar symbol={symbol} pairs={pairs} ticker={ticker} onPick={onPickMarket} />
      <AsOf time={time} testId="ticker-as-of" />
      {below}
      <div className="trade-main">
        {form}
        <OrderBook
          view={view}
          pair={pair}
          choice={choice}
          steps={steps}
          onChoice={setChoice}
          onPick={onPickPrice}
          last={last}
        />
      </div>
    </>
  );
});
