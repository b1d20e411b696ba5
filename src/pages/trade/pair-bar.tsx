import { memo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { PairInfo } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { Dialog } from '../../components/dialog';
import { Icon } from '../../components/icons';
import { useNumbers } from '../../i18n/use-numbers';

/** True when a change such as `-1.25` is below zero (a sign test on text, no arithmetic). */
export const isDown = (changePct: string): boolean => changePct.trim().startsWith('-');

/**
 * The market switcher with the live last price and 24 h change. Memoized: it renders again for a
 * new ticker, not for every book update of the page around it.
 */
export const PairBar = memo(function PairBar({
  symbol,
  pairs,
  ticker,
  onPick,
}: {
  symbol: string;
  pairs: readonly PairInfo[];
  ticker: Ticker | null;
  onPick(symbol: string): void;
}) {
  const { t } = useTranslation(['trade', 'common']);
  const n = useNumbers();
  const [open, setOpen] = useState(false);
  const pair = pairs.find((p) => p.symbol === symbol);
  const down = ticker ? isDown(ticker.changePct) : false;
  return (
    <div className="pair-bar">
      <button
        type="button"
        className="pair-bar__pick"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="pair-picker"
      >
        <span className="pair-bar__symbol">{symbol}</span>
        <Icon name="chevron" size={16} className="pair-bar__chevron" />
      </button>
      <span className={`pair-bar__last ${down ? 'trade-down' : 'trade-up'}`} data-testid="pair-last">
        {pair ? n.price(ticker?.last, pair) : n.digits(ticker?.last)}
      </span>
      <span
        className={`pair-bar__change pair-bar__change--${down ? 'down' : 'up'}`}
        aria-label={t('pair.change')}
      >
        {n.percent(ticker?.changePct)}
      </span>
      <Dialog
        open={open}
        title={t('pair.choose')}
        onDismiss={() => setOpen(false)}
        actions={
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
            {t('common:actions.close')}
          </button>
        }
      >
        <div className="choice-list" role="listbox">
          {pairs.map((p) => (
            <button
              key={p.symbol}
              type="button"
              role="option"
              aria-selected={p.symbol === symbol}
              className={`choice${p.symbol === symbol ? ' choice--active' : ''}`}
              onClick={() => {
                setOpen(false);
                onPick(p.symbol);
              }}
            >
              <span>{p.symbol}</span>
              {p.status !== 'trading' && <span className="badge">{t('pair.closed')}</span>}
            </button>
          ))}
        </div>
      </Dialog>
    </div>
  );
});
