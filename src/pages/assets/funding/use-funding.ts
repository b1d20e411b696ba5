import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCatalog } from '../../../core/use-catalog';
import { fundingOf, pickCoinChain } from './funding-catalog';
import type { CoinChainChoice, FundingCatalog, FundingDirection } from './funding-catalog';

/** The catalog's funding view and the coin and chain picked in the page's query. */
export interface FundingSelection {
  /** Null until the catalog arrived (live or from the device cache). */
  funding: FundingCatalog | null;
  /** The coin and chain shown; null when the catalog has nothing open in this direction. */
  choice: CoinChainChoice | null;
  /** Picks a coin (its first open chain unless `chain` is given) into the query, replacing history. */
  pick(coin: string, chain?: string): void;
  reloadCatalog(): Promise<void>;
  /** The catalog could not be loaded (and none is on the device): say so instead of spinning. */
  catalogFailed: boolean;
}

/**
 * Coin and chain for the deposit and withdrawal pages. They live in the query (`?coin=USDT&chain=TRC20`)
 * so a link from the assets page preselects them and a reload keeps them.
 */
export function useFundingSelection(dir: FundingDirection): FundingSelection {
  const { catalog, failed, reload } = useCatalog();
  const [params, setParams] = useSearchParams();
  const wantCoin = params.get('coin');
  const wantChain = params.get('chain');
  const funding = useMemo(() => (catalog ? fundingOf(catalog) : null), [catalog]);
  const choice = useMemo(
    () => (funding ? pickCoinChain(funding, dir, { coin: wantCoin, chain: wantChain }) : null),
    [funding, dir, wantCoin, wantChain],
  );
  const pick = useCallback(
    (coin: string, chain?: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('coin', coin);
          if (chain) next.set('chain', chain);
          else next.delete('chain');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { funding, choice, pick, reloadCatalog: reload, catalogFailed: failed && !catalog };
}
