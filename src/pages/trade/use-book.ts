import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import { bookSteps } from '../../../domain/book-steps';
import type { PairInfo } from '../../../domain/market';
import type { BookView, BookViewOptions } from '../../../worker/core-api';
import type { BookChoice } from './order-book';
import { useCore } from '../../core/contexts';

/**
 * Watches the order book of `symbol` in the worker. Changing `options` re-groups the same watcher
 * (setBookView); changing the symbol starts a new one. The watcher is stopped on unmount.
 */
export function useBook(symbol: string | null, options: BookViewOptions): BookView | null {
  const { core } = useCore();
  const [view, setView] = useState<BookView | null>(null);
  const id = useRef<number | null>(null);
  const optionsRef = useRef(options);
  const { rows, step, side } = options;

  // Declared first so a new watcher below starts with the options of the same render.
  useEffect(() => {
    optionsRef.current = { rows, step, side };
    if (id.current !== null) {
      core.setBookView(id.current, { rows, step, side }).catch((e: unknown) => console.error(e));
    }
  }, [core, rows, step, side]);

  useEffect(() => {
    if (!symbol) return;
    let gone = false;
    const listener = Comlink.proxy((v: BookView) => {
      // A transition: a book update yields to taps and typing (React renders it in slices).
      if (!gone) startTransition(() => setView(v));
    });
    const started = optionsRef.current;
    core.watchBook(symbol, started, listener).then(
      (watch) => {
        if (gone) {
          void core.unwatch(watch);
          return;
        }
        id.current = watch;
        // The options changed while the watcher was being set up.
        if (optionsRef.current !== started) void core.setBookView(watch, optionsRef.current);
      },
      (e: unknown) => console.error('watchBook failed', e),
    );
    return () => {
      gone = true;
      if (id.current !== null) void core.unwatch(id.current);
      id.current = null;
    };
  }, [core, symbol]);

  return view && view.symbol === symbol ? view : null;
}

/** The book of a market as the reader chose to see it, with the choice and the pair's grouping steps. */
export interface GroupedBook {
  view: BookView | null;
  choice: BookChoice;
  setChoice(choice: BookChoice): void;
  /** The pair's grouping steps (tick × 1, 10, 100); empty while its rules are not known. */
  steps: readonly string[];
}

/**
 * The order book of `symbol` with the reader's choice of side, rows and grouping step (both sides,
 * 5 rows, the tick at first). Watches nothing while `pair` is null (its rules are not known yet).
 */
export function useGroupedBook(symbol: string, pair: PairInfo | null): GroupedBook {
  const [choice, setChoice] = useState<BookChoice>({ side: 'both', rows: 5, stepIndex: 0 });
  const steps = useMemo(() => (pair ? bookSteps(pair.tickSize) : []), [pair]);
  const step = steps[choice.stepIndex] ?? steps[0] ?? '1';
  const view = useBook(pair ? symbol : null, { rows: choice.rows, side: choice.side, step });
  return { view, choice, setChoice, steps };
}
