import type { SecondOption } from '../../../domain/second-endpoints';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';
import { formatPrice, resultClass } from './second-format';

/** The result of an option that settled while the page was open, with a way to its receipt. */
export function ResultCard(props: {
  option: SecondOption;
  onReceipt(o: SecondOption): void;
  onClose(): void;
}) {
  const { option: o } = props;
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  return (
    <div className={`second-result second-result--${o.result}`} role="status" data-testid="option-result">
      <div className="second-result__main">
        <strong className={resultClass(o.result)} data-testid="result-label">
          {t(`result.${o.result ?? 'open'}`)}
        </strong>
        <span>
          {o.symbol} · {t(o.direction)} · {formatPrice(o.entry.price, locale)} →{' '}
          {o.exit ? formatPrice(o.exit.price, locale) : '—'}
        </span>
        {o.result !== 'lost' && (
          <span className="second-result__amount" data-testid="result-amount">
            {/* At the coin's display decimals, as the history and the receipt show it. */}
            <CoinAmount value={o.credited ?? '0'} coin={o.coin} signed />
          </span>
        )}
      </div>
      <div className="second-result__actions">
        <button
          type="button"
          className="btn btn--text"
          onClick={() => props.onReceipt(o)}
          data-testid="result-receipt"
        >
          {t('history.receipt')}
        </button>
        <button
          type="button"
          className="btn btn--text"
          onClick={props.onClose}
          aria-label={t('common:actions.close')}
        >
          ✕
        </button>
      </div>
    </div>
  );
}
