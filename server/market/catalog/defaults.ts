import type { CatalogInfo } from '../../../domain';

/** Reference price a simulated market starts its random walk from, per pair, in quote per base. */
export type SimStartPrices = Record<string, string>;

/** The whole catalog: public part plus server-only settings. */
export interface Catalog extends CatalogInfo {
  /** Starting reference prices for the market-maker simulator (demo mode only). */
  simStart: SimStartPrices;
  /** Coins and amounts granted to the demo account in demo mode, as decimal strings. */
  demoGrant: Record<string, string>;
}

const pair = (base: string, quote: string, tickSize: string, lotSize: string, minNotional = '5') => ({
  symbol: `${base}/${quote}`,
  base,
  quote,
  tickSize,
  lotSize,
  minNotional,
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading' as const,
});

/**
 * Embedded defaults. Fees, sizes and the demo grant are this exchange's own choices (the spec leaves
 * them open); an operator overrides any of them with the file named in CATALOG_FILE.
 */
export const DEFAULT_CATALOG: Catalog = {
  coins: [
    { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
    { symbol: 'BTC', name: 'Bitcoin', decimals: 8 },
    { symbol: 'ETH', name: 'Ethereum', decimals: 8 },
    { symbol: 'BNB', name: 'BNB', decimals: 8 },
    { symbol: 'SOL', name: 'Solana', decimals: 8 },
    { symbol: 'XRP', name: 'XRP', decimals: 6 },
    { symbol: 'DOGE', name: 'Dogecoin', decimals: 8 },
    { symbol: 'TRX', name: 'TRON', decimals: 6 },
    { symbol: 'LTC', name: 'Litecoin', decimals: 8 },
  ],
  pairs: [
    pair('BTC', 'USDT', '0.01', '0.00001'),
    pair('ETH', 'USDT', '0.01', '0.0001'),
    pair('BNB', 'USDT', '0.01', '0.001'),
    pair('SOL', 'USDT', '0.01', '0.001'),
    pair('XRP', 'USDT', '0.0001', '0.1'),
    pair('DOGE', 'USDT', '0.00001', '1'),
    pair('TRX', 'USDT', '0.00001', '1'),
    pair('LTC', 'USDT', '0.01', '0.001'),
    pair('ETH', 'BTC', '0.00001', '0.001', '0.0001'),
  ],
  quotes: ['USDT', 'BTC'],
  tradePassword: { spotOrder: 'never', withdraw: 'always' },
  simStart: {
    'BTC/USDT': '64000',
    'ETH/USDT': '3200',
    'BNB/USDT': '580',
    'SOL/USDT': '150',
    'XRP/USDT': '0.52',
    'DOGE/USDT': '0.15',
    'TRX/USDT': '0.12',
    'LTC/USDT': '80',
    'ETH/BTC': '0.05',
  },
  demoGrant: { USDT: '100000', BTC: '1', ETH: '10' },
};
