import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CoinHolding } from '../../../domain/assets-estimate';
import type { CoinInfo } from '../../../domain/market';
import { Amount } from '../../components/amount';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { NO_VALUE, isZeroAmount } from './assets-format';

/** Props of {@link HoldingList}. */
export interface HoldingListProps {
  coins: readonly CoinHolding[];
  /** The estimate currency (USDT). */
  quote: string;
  /** The catalog's coins (display decimals); empty while unknown, when balances are shown exactly. */
  catalogCoins: readonly CoinInfo[];
  /** Leave out coins with nothing available and nothing frozen. */
  hideZero: boolean;
}

/** One coin of an account: available, frozen and its estimate ("—" when it has no price). */
function HoldingCard({
  holding,
  quote,
  catalogCoins,
}: {
  holding: CoinHolding;
  quote: string;
  catalogCoins: readonly CoinInfo[];
}) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  const coin = coinOf(catalogCoins, holding.coin);
  return (
    <article className="holding" data-testid="holding" data-coin={holding.coin}>
      <header className="holding__head">
        <span className="coin-mark" aria-hidden="true">
          {holding.coin.slice(0, 1)}
        </span>
        <span className="holding__coin">{holding.coin}</span>
        <span className="holding__value" data-testid="holding-estimate">
          {holding.estimate === null
            ? NO_VALUE
            : `≈ ${n.coin(holding.estimate, coinOf(catalogCoins, quote))} ${quote}`}
        </span>
      </header>
      <dl className="holding__grid">
        <div>
          <dt>{t('fields.available')}</dt>
          <dd data-testid="holding-available">
            <Amount value={holding.available} coin={coin} />
          </dd>
        </div>
        <div>
          <dt>{t('fields.frozen')}</dt>
          <dd data-testid="holding-frozen">
            <Amount value={holding.frozen} coin={coin} />
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The coins of one account, with an honest empty state when the filter leaves nothing. */
export function HoldingList({ coins, quote, catalogCoins, hideZero }: HoldingListProps) {
  const { t } = useTranslation('assets');
  const shown = hideZero ? coins.filter((c) => !isZeroAmount(c.total)) : coins;
  if (shown.length === 0) {
    return (
      <p className="assets-state" data-testid="holdings-empty">
        {coins.length === 0 ? t('overview.noCoins') : t('overview.allZero')}
      </p>
    );
  }
  return (
    <div className="holding-list" data-testid="holding-list">
      {shown.map((h) => (
        <HoldingCard key={h.coin} holding={h} quote={quote} catalogCoins={catalogCoins} />
      ))}
    </div>
  );
}

/** A switch that leaves out coins with a zero balance. */
export function HideZeroSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const { t } = useTranslation('assets');
  const id = useId();
  return (
    <div className="hide-zero">
      <span id={id}>{t('overview.hideZero')}</span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={id}
        className="switch"
        onClick={() => onChange(!on)}
        data-testid="hide-zero"
      >
        <span className="switch__thumb" />
      </button>
    </div>
  );
}
