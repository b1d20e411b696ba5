import { DEFAULT_LEGAL_TERMS, type LegalTerms } from './legal-terms';
import type { CatalogInfo, LeverTerms } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import type { LockmingCatalog } from '../../../domain/lockming-types';

/** Reference price a simulated market starts its random walk from, per pair, in quote per base. */
export type SimStartPrices = Record<string, string>;

/** The whole catalog: public part plus server-only settings. */
export interface Catalog extends CatalogInfo {
  /** Starting reference prices for the market-maker simulator (demo mode only). */
  simStart: SimStartPrices;
  /** Coins and amounts granted to the demo account in demo mode, as decimal strings. */
  demoGrant: Record<string, string>;
  /** Fiat P2P terms (coins, currencies, payment window, cancel rule, fees); checked by the legal module. */
  legal: LegalTerms;
  /** Leveraged contracts: terms per pair, fees, liquidation; checked in server/market/catalog/lever-rules.ts. */
  lever: LeverCatalog;
  /** Timed options (`second`): enabled pairs, durations with payout rates, stake bounds, caps. */
  second: SecondTerms;
  /** Referral rebates and team figures (server/identity). */
  referral: ReferralTerms;
  /** Lock-up mining and deposit savings: the daily payout time, trade password, demo reserve and products. */
  lockming: LockmingCatalog;
}

/** How referrals are rewarded and counted. */
export interface ReferralTerms {
  /**
   * Share of each spot fee paid by a direct referral that the house credits to the inviter, as a
   * decimal string from 0 to 1 (`0.2` = 20 %), at most 6 decimals; the rebate is floored.
   */
  spotFeeShare: string;
  /** A referral counts as active after a trade or a credited deposit within this many days. */
  activeDays: number;
}

/** The lever section: the public terms plus the demo account's lever grant (demo mode only). */
export interface LeverCatalog extends LeverTerms {
  /** Coins and amounts granted to the demo account's lever account, as decimal strings. */
  demoGrant: Record<string, string>;
}

const leverPair = (symbol: string, lot: string, maxHands: number, maxExposureHands: number) => ({
  symbol,
  lot,
  minHands: 1,
  maxHands,
  multiples: [5, 10, 20, 50, 100],
  maxExposureHands,
});

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

const onChain = (coin: string, chain: string, withdrawFee: string, withdrawMin: string) => ({
  coin,
  chain,
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee,
  withdrawMin,
});

/**
 * Embedded defaults. Fees, sizes and the demo grant are this exchange's own choices (the spec leaves
 * them open); an operator overrides any of them with the file named in CATALOG_FILE.
 */
export const DEFAULT_CATALOG: Catalog = {
  coins: [
    { symbol: 'USDT', name: 'Tether USD', decimals: 6, displayDecimals: 2 },
    { symbol: 'BTC', name: 'Bitcoin', decimals: 8, displayDecimals: 6 },
    { symbol: 'ETH', name: 'Ethereum', decimals: 8, displayDecimals: 5 },
    { symbol: 'BNB', name: 'BNB', decimals: 8, displayDecimals: 4 },
    { symbol: 'SOL', name: 'Solana', decimals: 8, displayDecimals: 4 },
    { symbol: 'XRP', name: 'XRP', decimals: 6, displayDecimals: 2 },
    { symbol: 'DOGE', name: 'Dogecoin', decimals: 8, displayDecimals: 2 },
    { symbol: 'TRX', name: 'TRON', decimals: 6, displayDecimals: 2 },
    { symbol: 'LTC', name: 'Litecoin', decimals: 8, displayDecimals: 4 },
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
  referral: { spotFeeShare: '0.2', activeDays: 30 },
  chains: [
    { id: 'TRC20', name: 'TRON (TRC20)', format: 'tron' },
    { id: 'ERC20', name: 'Ethereum (ERC20)', format: 'evm' },
    { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', format: 'evm' },
    { id: 'BTC', name: 'Bitcoin', format: 'bitcoin' },
    { id: 'SOL', name: 'Solana', format: 'solana' },
    { id: 'XRP', name: 'XRP Ledger', format: 'xrp' },
    { id: 'DOGE', name: 'Dogecoin', format: 'dogecoin' },
    { id: 'LTC', name: 'Litecoin', format: 'litecoin' },
  ],
  coinChains: [
    onChain('USDT', 'TRC20', '1', '10'),
    onChain('USDT', 'ERC20', '5', '20'),
    onChain('USDT', 'BEP20', '0.5', '10'),
    onChain('BTC', 'BTC', '0.0002', '0.001'),
    onChain('ETH', 'ERC20', '0.002', '0.01'),
    onChain('BNB', 'BEP20', '0.001', '0.01'),
    onChain('SOL', 'SOL', '0.01', '0.1'),
    onChain('XRP', 'XRP', '0.2', '20'),
    onChain('DOGE', 'DOGE', '5', '50'),
    onChain('TRX', 'TRC20', '1', '10'),
    onChain('LTC', 'LTC', '0.001', '0.01'),
  ],
  withdrawLimits: {
    USDT: { unverified: '2000', verified: '100000' },
    BTC: { unverified: '0.05', verified: '2' },
    ETH: { unverified: '1', verified: '50' },
    BNB: { unverified: '5', verified: '200' },
    SOL: { unverified: '20', verified: '1000' },
    XRP: { unverified: '5000', verified: '200000' },
    DOGE: { unverified: '20000', verified: '1000000' },
    TRX: { unverified: '20000', verified: '1000000' },
    LTC: { unverified: '30', verified: '1500' },
  },
  legal: DEFAULT_LEGAL_TERMS,
  lever: {
    pairs: [
      leverPair('BTC/USDT', '0.001', 500, 20_000),
      leverPair('ETH/USDT', '0.01', 500, 20_000),
      leverPair('BNB/USDT', '0.1', 500, 20_000),
      leverPair('SOL/USDT', '0.1', 500, 20_000),
      leverPair('LTC/USDT', '0.1', 500, 20_000),
    ],
    openFeeRate: '0.0005',
    closeFeeRate: '0.0005',
    overnightRate: '0.0003',
    overnightAtUtc: '00:00',
    liquidationRiskRate: '0.2',
    warnRiskRate: '0.4',
    staleMs: 120_000,
    tradePassword: 'never',
    demoGrant: { USDT: '10000' },
  },
  // Placeholder receiving account: an operator sets the real one in CATALOG_FILE before taking money.
  bankDeposit: {
    coin: 'USDT',
    currency: 'USD',
    rate: '1',
    minAmount: '10',
    maxAmount: '50000',
    receiving: {
      bank: 'Example Bank',
      branch: 'Head office',
      cardNumber: '6222020000001234567',
      holder: 'Exchange Operations Ltd',
    },
  },
  // Timed options: a win pays less than the stake it risks (the house's margin); the exposure caps
  // bound what the house can lose on the options open at any moment.
  second: {
    coin: 'USDT',
    pairs: ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT', 'TRX/USDT', 'LTC/USDT'],
    durations: [
      { seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '5000', exposureCap: '200000' },
      { seconds: 60, payoutRate: '0.85', minStake: '10', maxStake: '10000', exposureCap: '300000' },
      { seconds: 120, payoutRate: '0.88', minStake: '10', maxStake: '20000', exposureCap: '400000' },
      { seconds: 300, payoutRate: '0.9', minStake: '10', maxStake: '50000', exposureCap: '500000' },
    ],
    stakeDecimals: 2,
    staleMs: 60_000,
    demoGrant: '10000',
  },
  // Products are the operators' (ops routes); the demo reserve and products only seed demo mode.
  lockming: {
    accrualAtUtc: '00:00',
    tradePassword: 'never',
    demoReserve: { USDT: '50000', BTC: '2' },
    demoProducts: [
      {
        kind: 'lock',
        coin: 'USDT',
        name: 'USDT 7 days',
        days: 7,
        dailyRate: '0.0005',
        minAmount: '100',
        total: '1000000',
        earlyRedeem: true,
        opensAt: 0,
      },
      {
        kind: 'lock',
        coin: 'USDT',
        name: 'USDT 30 days',
        days: 30,
        dailyRate: '0.0008',
        minAmount: '500',
        total: null,
        earlyRedeem: false,
        opensAt: 0,
      },
      {
        kind: 'savings',
        coin: 'BTC',
        name: 'BTC savings',
        dailyRate: '0.0001',
        minAmount: '0.001',
        total: '50',
        opensAt: 0,
        closesAt: null,
      },
    ],
  },
};
