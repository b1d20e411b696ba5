import type { AddressFormat } from './chains';

/** Coin-listing application states: the operator moves submitted → review → accepted or rejected. */
export type ListingStatus = 'submitted' | 'review' | 'accepted' | 'rejected';

/** A coin-listing application as its applicant sees it. Times in ms since the epoch. */
export interface ListingApplication {
  id: number;
  project: string;
  symbol: string;
  chain: string;
  contract: string;
  website: string;
  contact: string;
  description: string;
  status: ListingStatus;
  /** Why it was rejected. */
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The application form. */
export type ListingReq = Pick<
  ListingApplication,
  'project' | 'symbol' | 'chain' | 'contract' | 'website' | 'contact' | 'description'
>;

/** Chains a token may be listed from, and how each writes a contract address. */
export const LISTING_CHAINS: readonly { id: string; format: AddressFormat }[] = [
  { id: 'ERC20', format: 'evm' },
  { id: 'BEP20', format: 'evm' },
  { id: 'TRC20', format: 'tron' },
  { id: 'SPL', format: 'solana' },
];

/** Longest free-text fields, in characters. */
export const LISTING_LIMITS = {
  project: 60,
  website: 200,
  contact: 100,
  description: 2_000,
} as const;
