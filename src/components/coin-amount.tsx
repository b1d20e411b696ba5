import { NO_NUMBER } from '../../domain/display';
import { useCatalogCoin } from '../core/catalog-coins';
import { Amount } from './amount';

/** Props of {@link CoinAmount}. */
export interface CoinAmountProps {
  /** Decimal string, as the server wrote it (often 8 decimals). */
  value: string | null | undefined;
  /** The coin's symbol: its catalog display decimals are used, and it is written after the number. */
  coin: string;
  signed?: boolean;
  /** Leave the symbol out (a label already names the coin). */
  bare?: boolean;
  className?: string;
}

/**
 * An amount of a coin by its symbol, at the coin's display decimals with the exact value a tap away
 * ({@link Amount}): the one way a page shows money, whatever card or receipt it is in. A missing
 * value is a dash.
 */
export function CoinAmount({ value, coin, signed = false, bare = false, className }: CoinAmountProps) {
  const info = useCatalogCoin(coin);
  if (value == null) return <span className={className}>{NO_NUMBER}</span>;
  return (
    <Amount
      value={value}
      coin={info}
      signed={signed}
      {...(bare ? {} : { unit: coin })}
      {...(className ? { className } : {})}
    />
  );
}
