import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { OrderBook } from './order-book';
import { TradeList } from './trade-list';

/** Props of {@link MarketPanels}. */
export interface MarketPanelsProps {
  symbol: string;
  base: string;
  quote: string;
  step: string | null;
}

/** The tabs under the chart: order book and latest trades (only the open one is watched). */
export function MarketPanels({ symbol, base, quote, step }: MarketPanelsProps) {
  const { t } = useTranslation('market');
  const [panel, setPanel] = useState<'book' | 'trades'>('book');
  return (
    <section className="card market-panels">
      <div className="segmented" role="tablist">
        {(['book', 'trades'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={panel === p}
            className={`segmented__item${panel === p ? ' segmented__item--active' : ''}`}
            onClick={() => setPanel(p)}
            data-testid={`panel-${p}`}
          >
            {t(`panels.${p}`)}
          </button>
        ))}
      </div>
      {panel === 'book' ? (
        <OrderBook key={`${symbol}|${step ?? ''}`} symbol={symbol} base={base} quote={quote} step={step} />
      ) : (
        <TradeList key={symbol} symbol={symbol} base={base} quote={quote} />
      )}
    </section>
  );
}
