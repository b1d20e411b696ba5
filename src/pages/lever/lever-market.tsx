import { memo, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PairInfo } from '../../../domain/market';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/use-translation';
import { OrderBook, PairBar, isDown, useGroupedBook, useTicker } from '../trade';

/** Props of {@link LeverMarket}. */
export interface LeverMarketProps {
  symbol: string;
  pair: PairInfo;
  pairs: readonly PairInfo[];
  /** The mark of the user's open position in this market, if any; else the last trade is the mark. */
  positionMark: string | null;
  /** The open form, given the mark it previews at. */
  renderForm(mark: string | null): ReactNode;
  onPickMarket(symbol: string): void;
  /** A price tapped in the book. */
  onPickPrice(price: string): void;
}

/**
 * The parts of the contract page that follow the market as it moves: the pair bar with the last
 * price and the order book, around the open form. The book streams several times a second; only
 * this part renders again for it, and the form only when the mark changes (as the trade page's
 * `LiveMarket` does), so each update stays a short task on a slow phone.
 */
export const LeverMarket = memo(function LeverMarket({
  symbol,
  pair,
  pairs,
  positionMark,
  renderForm,
  onPickMarket,
  onPickPrice,
}: LeverMarketProps) {
  const { view, choice, setChoice, steps } = useGroupedBook(symbol, pair);
  const ticker = useTicker(symbol);
  const mark = positionMark ?? ticker?.last ?? null;
  const form = useMemo(() => renderForm(mark), [renderForm, mark]);
  const last = useMemo(
    () => (ticker ? { price: ticker.last, up: !isDown(ticker.changePct) } : null),
    [ticker],
  );
  return (
    <>
      <PairBar symbol={symbol} pairs={pairs} ticker={ticker} onPick={onPickMarket} />
      <LeverLinks symbol={symbol} />
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

/** Under the pair bar: the market's chart, and a transfer into the lever account. */
function LeverLinks({ symbol }: { symbol: string }) {
  const { t } = useTranslation(['lever', 'trade', 'errors', 'common']);
  return (
    <div className="lever-links">
      <Link
        className="entrust-link"
        to={`/pages/market/kline?symbol=${encodeURIComponent(symbol)}`}
        data-testid="lever-chart"
      >
        <Icon name="chart" size={18} />
        <span>{t('form.chart')}</span>
      </Link>
      <Link className="entrust-link" to="/pages/assets/transfer">
        <span>{t('form.transfer')}</span>
        <Icon name="chevron" size={16} />
      </Link>
    </div>
  );
}
