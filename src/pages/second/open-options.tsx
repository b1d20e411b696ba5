import type { SecondOption } from '../../../domain/second-endpoints';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale, useNow } from './second-hooks';
import { formatPrice, mmss, secondsLeft } from './second-format';

/** Props of {@link OpenOptions}. */
export interface OpenOptionsProps {
  options: readonly SecondOption[];
  /** The server's clock minus the device's, in ms. */
  clockOffsetMs: number;
}

/**
 * The open options with their entry trade and a countdown on the server's clock. Past expiry an
 * option shows "settling" until its result arrives (the server settles just after the instant).
 */
export function OpenOptions({ options, clockOffsetMs }: OpenOptionsProps) {
  const { t } = useTranslation('second');
  const locale = useLocale();
  const now = useNow(250);
  if (options.length === 0) return null;
  return (
    <ul className="second-open" aria-label={t('open.title')}>
      {options.map((o) => {
        const left = secondsLeft(o.expiresAt, now, clockOffsetMs);
        const total = Math.max(1, o.seconds);
        return (
          <li key={o.id} className="second-open__item" data-testid="open-option">
            <div className="second-open__head">
              <span className={`second-dir second-dir--${o.direction}`}>
                {o.direction === 'up' ? '▲' : '▼'} {t(o.direction)}
              </span>
              <span>{o.symbol}</span>
              <span className="second-open__stake">
                <CoinAmount value={o.stake} coin={o.coin} />
              </span>
            </div>
            <div className="second-open__body">
              <span className="second-muted">
                {t('open.entry')} {formatPrice(o.entry.price, locale)} · #{o.entry.tradeId}
              </span>
              <span className="second-countdown" data-testid="countdown" aria-live="off">
                {left > 0 ? mmss(left) : t('open.settling')}
              </span>
            </div>
            <div className="second-open__bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, (100 * left) / total)}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
