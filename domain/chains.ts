/** Network confirmations after which a deposit is credited to the spot account (spec §9). */
export const CREDIT_CONFIRMATIONS = 1;
/** Network confirmations after which a credited deposit may be withdrawn (spec §9). */
export const WITHDRAWABLE_CONFIRMATIONS = 6;

/** How a chain writes its addresses; each has one format check below. */
export type AddressFormat = 'tron' | 'evm' | 'bitcoin' | 'litecoin' | 'dogecoin' | 'solana' | 'xrp';

/** A network coins travel on, such as `TRC20` or `ERC20`. */
export interface ChainInfo {
  /** Chain type as users pick it (spec §3 "chain type"), such as `TRC20`. */
  id: string;
  name: string;
  format: AddressFormat;
}

/** A coin on a chain, with its withdrawal terms. Amounts are decimal strings in whole coins. */
export interface CoinChain {
  coin: string;
  chain: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  /** Flat network fee taken from each withdrawal and credited to the house account. */
  withdrawFee: string;
  /** Smallest withdrawal, fee included; always above the fee. */
  withdrawMin: string;
}

/** Daily withdrawal limit of one coin, summed over its chains, in whole coins (decimal strings). */
export interface WithdrawLimit {
  /** Before identity verification. */
  unverified: string;
  /** After identity verification (spec §6: verification raises the limit). */
  verified: string;
}

/** The operator's receiving bank account for bank-card deposits, and how they are credited. */
export interface BankDepositTerms {
  /** Coin credited to the spot account when the operator confirms the deposit. */
  coin: string;
  /** Currency the payer transfers, such as `USD`. */
  currency: string;
  /** Coins credited per unit of currency, a positive decimal string; the credit is floored. */
  rate: string;
  /** Smallest and largest deposit, in `currency`. */
  minAmount: string;
  maxAmount: string;
  /** Where the payer sends the money. */
  receiving: { bank: string; branch: string; cardNumber: string; holder: string };
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const FORMATS: Record<AddressFormat, RegExp> = {
  tron: new RegExp(`^T${BASE58}{33}$`),
  evm: /^0x[0-9a-fA-F]{40}$/,
  bitcoin: new RegExp(`^(?:bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`),
  litecoin: new RegExp(`^(?:ltc1[02-9ac-hj-np-z]{11,71}|[LM3]${BASE58}{26,33})$`),
  dogecoin: new RegExp(`^D${BASE58}{33}$`),
  solana: new RegExp(`^${BASE58}{32,44}$`),
  xrp: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
};

/** Whether `address` is written the way `format` writes addresses (shape only, no checksum). */
export function addressFormatOk(format: AddressFormat, address: string): boolean {
  return FORMATS[format].test(address);
}
