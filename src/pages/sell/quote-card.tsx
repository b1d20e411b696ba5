import type { PairInfo } from '../../../domain/market';
import type { SellQuote } from '../../../domain/sell-types';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { useNumbers } from '../../i18n/use-numbers';

/** Whole seconds a quote still holds at `now` (device ms, corrected by the server's clock). */
export function secondsLeft(quote: SellQuote, offsetMs: number, now: number): number {
  return Math.max(0, Math.ceil((quote.expiresAt - (now + offsetMs)) / 1000));
}

/** The server's quote with its countdown; expired, it says so and offers a new one. */
export function QuoteCard(props: {
  quote: SellQuote;
  pair: PairInfo;
  left: number;
  busy: boolean;
  onRefresh(): void;
}) {
  const { quote, pair, left } = props;
  const { t } = useTranslation(['sell', 'common']);
  const n = useNumbers();
  const expired = left <= 0;
  return (
    <section className={`card sell-quote${expired ? ' sell-quote--expired' : ''}`} data-testid="sell-quote">
      <div className="card__head sell-quote__head">
        <h2 className="card__title">{t('quote.title')}</h2>
        <span
          className={`badge sell-quote__clock${expired ? '' : ' sell-quote__clock--live'}`}
          data-testid="sell-countdown"
          aria-live="polite"
        >
          {expired ? t('quote.expired') : t('quote.validFor', { s: left })}
        </span>
      </div>
      <dl className="summary-rows sell-rows">
        <div className="confirm-order__row">
          <dt>{t('quote.received')}</dt>
          <dd data-testid="quote-received">
            <CoinAmount value={quote.received} coin={quote.quoteCoin} />
          </dd>
        </div>
        <div className="confirm-order__row">
          <dt>{t('quote.avgPrice')}</dt>
          <dd data-testid="quote-avg">{n.price(quote.avgPrice, pair)}</dd>
        </div>
        <div className="confirm-order__row">
          <dt>{t('quote.fee')}</dt>
          <dd data-testid="quote-fee">
            <CoinAmount value={quote.fee} coin={quote.quoteCoin} />
          </dd>
        </div>
        <div className="confirm-order__row">
          <dt>{t('quote.worstPrice')}</dt>
          <dd>{n.price(quote.worstPrice, pair)}</dd>
        </div>
      </dl>
      {expired && (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={props.onRefresh}
          disabled={props.busy}
          data-testid="sell-requote"
        >
          {t('quote.refresh')}
        </button>
      )}
    </section>
  );
}
