import { startTransition, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { BookView, BookViewOptions } from '../../../worker/core-api';
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
