import { findCoinChain, type ChainInfo, type CoinChain, type CoinInfo } from '../../../domain';
import { fail, str, type Input } from '../../http';
import type { Catalog } from '../../market';

/** The listed coin and chain the request's `coin` and `chain` name, with their terms; else a failed field. */
export function coinChainOf(
  catalog: Catalog,
  input: Input,
): { coin: CoinInfo; chain: ChainInfo; terms: CoinChain } {
  const found = findCoinChain(
    str(input, 'coin').trim(),
    str(input, 'chain').trim(),
    catalog.coinChains,
    catalog.chains,
    catalog.coins,
  );
  if ('problem' in found) throw fail(found.problem.key, found.problem.field);
  return found.ok;
}

/** An optional `coin` or `chain` filter: null when absent, else a symbol or id the catalog knows. */
export function optionalCoinOrChain(catalog: Catalog, input: Input, name: 'coin' | 'chain'): string | null {
  const value = str(input, name).trim();
  if (value === '') return null;
  const known =
    name === 'coin'
      ? catalog.coins.some((c) => c.symbol === value)
      : catalog.chains.some((c) => c.id === value);
  if (!known) throw fail(name === 'coin' ? 'unknownCoin' : 'unknownChain', name);
  return value;
}
