import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { useCore } from '../../core/contexts';
import type { BookRow, BookView } from '../../../worker/core-api';
import { formatDecimal } from './format-market';
import { useLocale } from './use-locale';

/** Row counts per side the book offers. */
const ROW_CHOICES = [10, 20] as const;
type Rows = (typeof ROW_CHOICES)[number];

/** Props of {@link OrderBook}. */
export interface OrderBookProps {
  symbol: string;
  base: string;
  quote: string;
  /** Grouping step: the pair's tick size (no grouping); null while unknown. */
  step: string | null;
}

/** One side, best first. Bids read amount → price, asks price → amount: prices meet in the middle. */
function Side({ rows, side, label }: { rows: readonly BookRow[]; side: 'bid' | 'ask'; label: string }) {
  const locale = useLocale();
  return (
    <ol className={`book__side book__side--${side}`} aria-label={label} data-testid={`book-${side}s`}>
      {rows.map((r) => (
        <li key={r.price} className="book__row" data-testid="book-row">
          {/* The worker's depth fraction (0..1) sizes the bar; nothing is computed here. */}
          <span className="book__bar" style={{ transform: `scaleX(${r.depth})` }} aria-hidden="true" />
          <span className="book__qty mono">{formatDecimal(r.qty, locale)}</span>
          <span className="book__price mono">{formatDecimal(r.price, locale)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The order book (`watchBook`): best bids and asks side by side with depth bars, 10 or 20 rows. */
export function OrderBook({ symbol, base, quote, step }: OrderBookProps) {
  const { t } = useTranslation('market');
  const { core } = useCore();
  const online = useOnline();
  const [rows, setRows] = useState<Rows>(10);
  const [view, setView] = useState<BookView | null>(null);
  const [failed, setFailed] = useState(false);
  const watchId = useRef<number | null>(null);
  const rowsRef = useRef(rows);

  useEffect(() => {
    if (!step) return;
    let live = true;
    const options = { rows: rowsRef.current, step, side: 'both' as const };
    core
      .watchBook(
        symbol,
        options,
        Comlink.proxy((v: BookView) => {
          if (live) setView(v);
        }),
      )
      .then(
        (id) => {
          if (live) watchId.current = id;
          else void core.unwatch(id).catch(() => undefined);
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
      const id = watchId.current;
      watchId.current = null;
      if (id !== null) void core.unwatch(id).catch(() => undefined);
    };
  }, [core, symbol, step]);

  const choose = (next: Rows) => {
    setRows(next);
    rowsRef.current = next;
    const id = watchId.current;
    // Changes the view of the running watcher: no resubscription, no resync.
    if (id !== null && step) void core.setBookView(id, { rows: next, step, side: 'both' });
  };

  const empty = view !== null && view.bids.length === 0 && view.asks.length === 0;
  return (
    <section className="book" data-testid="order-book" data-rows={rows}>
      <div className="book__tools">
        <span className="muted">{view?.status === 'syncing' ? t('book.syncing') : ''}</span>
        <div className="chips" role="group" aria-label={t('book.rows')}>
          {ROW_CHOICES.map((n) => (
            <button
              key={n}
              type="button"
              className={`chip${rows === n ? ' chip--active' : ''}`}
              aria-pressed={rows === n}
              onClick={() => choose(n)}
              data-testid={`book-rows-${n}`}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <div className="book__head" aria-hidden="true">
        <span>{t('book.amount', { coin: base })}</span>
        <span>{t('book.price', { coin: quote })}</span>
        <span>{t('book.amount', { coin: base })}</span>
      </div>
      {failed ? (
        <p className="panel-note" role="alert">
          {t('book.error')}
        </p>
      ) : !view ? (
        <p className="panel-note">
          {online ? <Spinner size={18} label={t('book.loading')} /> : t('book.offline')}
        </p>
      ) : empty ? (
        <p className="panel-note">{t('book.empty')}</p>
      ) : (
        <div className="book__sides">
          <Side rows={view.bids} side="bid" label={t('book.bid')} />
          <Side rows={view.asks} side="ask" label={t('book.ask')} />
        </div>
      )}
    </section>
  );
}
