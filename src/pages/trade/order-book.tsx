import { useTranslation } from '../../i18n/use-translation';
import type { BookRow, BookView, BookViewSide } from '../../../worker/core-api';
import type { PairInfo } from '../../../domain/market';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { useNumbers } from '../../i18n/use-numbers';

/** Row counts the trade page offers. */
export const BOOK_ROWS = [5, 10] as const;

/** How the trade page shows its book. */
export interface BookChoice {
  side: BookViewSide;
  rows: number;
  /** Index into the pair's grouping steps (tick × 1, 10, 100). */
  stepIndex: number;
}

/** Props of {@link OrderBook}. */
export interface OrderBookProps {
  view: BookView | null;
  /** The market: quantities at its lot decimals, the last price at its tick decimals. */
  /** Null while the catalog loads: the book then shows its waiting shape. */
  pair: PairInfo | null;
  choice: BookChoice;
  steps: readonly string[];
  onChoice(choice: BookChoice): void;
  /** A tapped price, for the price input. */
  onPick(price: string): void;
  /** The last traded price and whether the day is up, for the middle line. */
  last: { price: string; up: boolean } | null;
}

/**
 * The height of `slots` rows (CSS `--book-row`): each side keeps it whatever the book holds, so the
 * first rows arriving, a thin book or a level disappearing never moves what is below (layout shift).
 */
const slotsHeight = (slots: number) => ({ minHeight: `calc(${slots} * var(--book-row))` });

function Rows({
  rows,
  slots,
  kind,
  pair,
  onPick,
}: {
  rows: BookRow[];
  slots: number;
  kind: 'bid' | 'ask';
  pair: PairInfo;
  onPick(p: string): void;
}) {
  const { t } = useTranslation('trade');
  const n = useNumbers();
  return (
    <ol className={`tbook__rows tbook__rows--${kind}`} style={slotsHeight(slots)}>
      {/* Keyed by distance from the middle line, not by price: a level that comes or goes changes what
          a row says instead of moving every row past it (a layout shift with each book update). */}
      {rows.map((r, i) => (
        <li key={kind === 'ask' ? rows.length - 1 - i : i}>
          <button
            type="button"
            className="tbook__row"
            onClick={() => onPick(r.price)}
            data-testid={`book-${kind}`}
          >
            {/* Words before the visible price, so the accessible name contains what is shown. */}
            <span className="sr-only">{t('book.pickPrefix')}</span>
            <span className="tbook__depth" style={{ transform: `scaleX(${r.depth})` }} />
            {/* A grouped price already has its step's decimals: shown digit for digit. */}
            <span className="tbook__price">{n.digits(r.price)}</span>
            <span className="tbook__qty">{n.qty(r.qty, pair)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function SideIcon({ side }: { side: BookViewSide }) {
  return (
    <span className={`tbook-icon tbook-icon--${side}`} aria-hidden="true">
      <span />
      <span />
    </span>
  );
}

/**
 * The order book beside the form: bids, asks or both, 5 or 10 rows, grouped by the tick × 1, 10 or
 * 100. Rows are display-ready strings from the worker; tapping one fills the price.
 */
export function OrderBook({ view, pair, choice, steps, onChoice, onPick, last }: OrderBookProps) {
  const { t } = useTranslation(['trade', 'common']);
  const n = useNumbers();
  // The book is live only (never saved): offline it says so instead of spinning.
  const online = useOnline();
  const asks = view ? [...view.asks].reverse() : [];
  const bids = view?.bids ?? [];
  const showAsks = choice.side !== 'buy';
  const showBids = choice.side !== 'sell';
  return (
    <section className="tbook" aria-label={t('book.title')} data-testid="order-book">
      <div className="tbook__head">
        <span>
          {t('book.price')}
          {view?.status === 'syncing' && <Spinner size={10} label={t('book.syncing')} />}
        </span>
        <span>{t('book.qty')}</span>
      </div>
      {(!view || !pair) && !online ? (
        <p className="tbook__loading tbook__offline" data-testid="book-offline">
          <Icon name="wifiOff" size={16} />
          {t('common:offline.needsNetwork')}
        </p>
      ) : !view || !pair ? (
        // The loaded book's shape (both sides' rows and the middle line), so nothing moves when it comes.
        <div className="tbook__waiting" aria-busy="true">
          {showAsks && <div style={slotsHeight(choice.rows)} />}
          <div className="tbook__mid">
            <Spinner size={14} />
          </div>
          {showBids && <div style={slotsHeight(choice.rows)} />}
        </div>
      ) : (
        <>
          {showAsks &&
            (asks.length ? (
              <Rows rows={asks} slots={choice.rows} kind="ask" pair={pair} onPick={onPick} />
            ) : (
              <p className="tbook__empty" style={slotsHeight(choice.rows)}>
                {t('book.empty')}
              </p>
            ))}
          <div
            className={`tbook__mid${last ? (last.up ? ' trade-up' : ' trade-down') : ''}`}
            data-testid="book-mid"
          >
            {n.price(last?.price ?? view.bestBid ?? view.bestAsk, pair)}
          </div>
          {showBids &&
            (bids.length ? (
              <Rows rows={bids} slots={choice.rows} kind="bid" pair={pair} onPick={onPick} />
            ) : (
              <p className="tbook__empty" style={slotsHeight(choice.rows)}>
                {t('book.empty')}
              </p>
            ))}
        </>
      )}
      <div className="tbook__tools">
        <div className="tbook__views" role="radiogroup" aria-label={t('book.title')}>
          {(['both', 'buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={choice.side === s}
              className={`tbook__view${choice.side === s ? ' tbook__view--active' : ''}`}
              onClick={() => onChoice({ ...choice, side: s })}
              aria-label={t(s === 'both' ? 'book.both' : s === 'buy' ? 'book.bids' : 'book.asks')}
              data-testid={`book-view-${s}`}
            >
              <SideIcon side={s} />
            </button>
          ))}
        </div>
        <div className="tbook__selects">
          <select
            className="tbook__select"
            aria-label={t('book.step')}
            value={choice.stepIndex}
            onChange={(e) => onChoice({ ...choice, stepIndex: Number(e.target.value) })}
            data-testid="book-step"
          >
            {steps.length === 0 && <option value={0}>--</option>}
            {steps.map((s, i) => (
              <option key={s} value={i}>
                {n.digits(s)}
              </option>
            ))}
          </select>
          <select
            className="tbook__select"
            aria-label={t('book.rows')}
            value={choice.rows}
            onChange={(e) => onChoice({ ...choice, rows: Number(e.target.value) })}
            data-testid="book-rows"
          >
            {BOOK_ROWS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
