import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Dialog } from '../../../components/dialog';
import { Icon } from '../../../components/icons';
import { fundingChains, fundingCoins } from './funding-catalog';
import type { CoinChainChoice, FundingCatalog, FundingDirection } from './funding-catalog';

/** Props of {@link CoinChainPicker}. */
export interface CoinChainPickerProps {
  funding: FundingCatalog;
  dir: FundingDirection;
  choice: CoinChainChoice;
  onPick(coin: string, chain?: string): void;
}

/** The coin (a list in a dialog) and its network (chips), limited to those open in `dir`. */
export function CoinChainPicker({ funding, dir, choice, onPick }: CoinChainPickerProps) {
  const { t } = useTranslation(['assets', 'common']);
  const [open, setOpen] = useState(false);
  const coins = fundingCoins(funding, dir);
  const chains = fundingChains(funding, choice.coin.symbol, dir);
  return (
    <section className="card funding-picker">
      <button
        type="button"
        className="funding-picker__coin"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="coin-picker"
      >
        <span className="funding-coin-mark" aria-hidden>
          {choice.coin.symbol.slice(0, 1)}
        </span>
        <span className="funding-picker__names">
          <span className="funding-picker__symbol" data-testid="picked-coin">
            {choice.coin.symbol}
          </span>
          <span className="funding-picker__name">{choice.coin.name}</span>
        </span>
        <span className="funding-picker__hint">{t('picker.change')}</span>
        <Icon name="chevron" size={18} className="list-row__chevron" />
      </button>
      <div className="funding-picker__chains">
        <span className="field__label" id={`chains-${dir}`}>
          {t('picker.network')}
        </span>
        <div className="chips" role="radiogroup" aria-labelledby={`chains-${dir}`}>
          {chains.map((ch) => (
            <button
              key={ch.id}
              type="button"
              role="radio"
              aria-checked={ch.id === choice.chain.id}
              className={`chip${ch.id === choice.chain.id ? ' chip--active' : ''}`}
              onClick={() => onPick(choice.coin.symbol, ch.id)}
              data-testid={`chain-${ch.id}`}
              title={ch.name}
            >
              {ch.id}
            </button>
          ))}
        </div>
        <p className="funding-picker__chain-name">{choice.chain.name}</p>
      </div>
      <Dialog
        open={open}
        title={t('picker.coin')}
        onDismiss={() => setOpen(false)}
        actions={
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
            {t('common:actions.close')}
          </button>
        }
      >
        <div className="choice-list" role="listbox" aria-label={t('picker.coin')}>
          {coins.map((c) => (
            <button
              key={c.symbol}
              type="button"
              role="option"
              aria-selected={c.symbol === choice.coin.symbol}
              className={`choice${c.symbol === choice.coin.symbol ? ' choice--active' : ''}`}
              data-testid={`coin-${c.symbol}`}
              onClick={() => {
                setOpen(false);
                if (c.symbol !== choice.coin.symbol) onPick(c.symbol);
              }}
            >
              <span>
                {c.symbol} <span className="choice__sub">{c.name}</span>
              </span>
              {c.symbol === choice.coin.symbol && <Icon name="check" size={18} />}
            </button>
          ))}
        </div>
      </Dialog>
    </section>
  );
}
