import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoinInfo } from '../../../domain/market';
import type { SecondOption } from '../../../domain/second-endpoints';
import type { SecondState } from '../../../worker/core-api';
import { toast } from '../../components/toast';
import { coinOf, numbersFor } from '../../i18n/numbers';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';

/** The results shown on the page, from {@link useSettledResults}. */
export interface SettledResults {
  /** Options placed on this visit that have settled since, newest first (at most 3). */
  results: SecondOption[];
  /** Takes a result card away. */
  dismiss(id: number): void;
  /** After a placement: the option is watched for its result, and the balances read again. */
  onPlaced(option: SecondOption): void;
  /** Options placed on this visit (the history reads again when it changes). */
  placed: number;
}

/**
 * Options seen open on this visit: when one turns up settled, its result is shown without a reload,
 * as a card and a toast (the amount at the coin's display decimals), and the balances are read again.
 */
export function useSettledResults(
  state: SecondState | null,
  reloadBalances: () => Promise<void>,
  coins: readonly CoinInfo[] | undefined,
): SettledResults {
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  const [results, setResults] = useState<SecondOption[]>([]);
  const [placed, setPlaced] = useState(0);
  const seenOpen = useRef(new Set<number>());
  useEffect(() => {
    if (!state) return;
    for (const o of state.open) seenOpen.current.add(o.id);
    const fresh = state.settled.filter((o) => seenOpen.current.delete(o.id));
    if (fresh.length === 0) return;
    setResults((prev) => [...fresh, ...prev].slice(0, 3));
    for (const o of fresh) {
      const key = o.result === 'won' ? 'toastWon' : o.result === 'lost' ? 'toastLost' : 'toastEqual';
      const show = o.result === 'won' ? toast.success : toast.info;
      show(
        t(`result.${key}`, {
          symbol: o.symbol,
          direction: t(o.direction),
          // The coin's display decimals, as the result card and the history show the amount.
          amount: numbersFor(locale).coin(o.credited ?? '0', coinOf(coins, o.coin)),
          coin: o.coin,
        }),
      );
    }
    void reloadBalances();
  }, [state, t, reloadBalances, locale, coins]);

  const onPlaced = useCallback(
    (o: SecondOption) => {
      seenOpen.current.add(o.id);
      setPlaced((n) => n + 1);
      void reloadBalances();
    },
    [reloadBalances],
  );
  const dismiss = useCallback((id: number) => setResults((prev) => prev.filter((x) => x.id !== id)), []);
  return { results, dismiss, onPlaced, placed };
}
