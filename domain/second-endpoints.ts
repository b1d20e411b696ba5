import type { E, EndpointTable } from './endpoint-def';
import type { SettlementReceipt } from './receipt';
import type { OptionDirection, OptionResult, SecondTerms } from './second-rules';

/** A spot trade an option used: its `spot_trades` id, price (quote per base) and time (epoch ms). */
export interface OptionTrade {
  tradeId: number;
  price: string;
  ts: number;
}

/** A timed option as the app sees it. Amounts are decimal strings in `coin`. */
export interface SecondOption {
  id: number;
  symbol: string;
  direction: OptionDirection;
  /** Duration, in seconds. */
  seconds: number;
  coin: string;
  stake: string;
  /** The rate in force when it was accepted, such as `0.85`. */
  payoutRate: string;
  /** What a win credits: stake × (1 + rate), floored. */
  payout: string;
  status: 'open' | 'settled';
  /** Null while open. */
  result: OptionResult | null;
  entry: OptionTrade;
  /** Null while open. */
  exit: OptionTrade | null;
  /** When the server accepted it, epoch ms. */
  acceptedAt: number;
  /** acceptedAt + seconds × 1000, epoch ms. */
  expiresAt: number;
  /** When it was settled, epoch ms; null while open. */
  settledAt: number | null;
  /** What the settlement credited back to the `second` account (payout, stake, or 0); null while open. */
  credited: string | null;
  /** Null while open. */
  receipt: SettlementReceipt | null;
  clientOrderId: string | null;
}

/** The request to buy an option; decimal strings as typed. */
export interface PlaceOptionReq {
  symbol: string;
  /** Duration in seconds, one of the catalog's. */
  seconds: number | string;
  direction: OptionDirection;
  stake: string;
  /** Makes a retry safe: the same id returns the first option. 1–40 characters. */
  clientOrderId?: string;
}

/** The option terms and the server clock (to count down against the server, not the device). */
export interface SecondTermsInfo extends Omit<SecondTerms, 'demoGrant'> {
  /** Server time, epoch ms, when the reply was made. */
  serverTime: number;
}

/** A filter of the option history. */
export interface SecondListReq {
  status?: 'open' | 'settled' | 'all';
  symbol?: string;
  result?: OptionResult;
  /** Options with an id below this one (paging, newest first). */
  before?: number;
  limit?: number;
}

/** Endpoints of timed options (`second`): request and reply types per name. */
export interface SecondEndpoints {
  'second/terms': E<Record<string, never>, SecondTermsInfo>;
  'second/place': E<PlaceOptionReq, SecondOption>;
  'second/options': E<SecondListReq, SecondOption[]>;
  'second/detail': E<{ id: number | string }, SecondOption>;
}

/** How each endpoint of timed options (`second`) is called. */
export const SECOND_ENDPOINTS: EndpointTable<SecondEndpoints> = {
  'second/terms': { method: 'GET', variant: 2, auth: false },
  'second/place': { method: 'POST', variant: 3, auth: true },
  'second/options': { method: 'GET', variant: 3, auth: true },
  'second/detail': { method: 'GET', variant: 3, auth: true },
};
