import type { AccountType } from './ledger';
import type { IeoRule } from './ieo-math';
import type { ReceiptAmount } from './receipt';

/**
 * The catalog's IEO section (`ieo` in CATALOG_FILE): which account commits are frozen in and
 * whether a subscription asks for the trade password. The new coin always lands in `spot`.
 */
export interface IeoTerms {
  account: AccountType;
  tradePassword: 'never' | 'always';
}

/** A project's cycle (spec §4): preheat → subscribe → end. */
export type IeoPhase = 'preheat' | 'subscribe' | 'ended';

/** What the operator entered about the project's links; empty text where none. */
export interface IeoLinks {
  website: string;
  whitepaper: string;
  explorer: string;
}

/** The result of a project's allocation, once made. Amounts are decimal strings. */
export interface IeoResult {
  oversubscribed: boolean;
  /** Σ commits, in the quote coin. */
  allCommits: string;
  subscribers: number;
  /** Σ allocated, in the new coin. */
  allocated: string;
  /** What stayed with the issuer (floors' remainder or unsold), in the new coin. */
  remainder: string;
  /** Epoch ms. */
  allocatedAt: number;
  /** The ledger transaction that brought the total issue in. */
  issueTxId: number;
}

/** A project as everyone sees it. Amounts are decimal strings; times epoch ms. */
export interface IeoProject {
  id: number;
  /** The project number shown to users, such as `IEO-0007`. */
  number: string;
  name: string;
  /** The new coin's symbol and name, and its decimals. */
  coin: string;
  coinName: string;
  coinDecimals: number;
  /** The coin commits are made in (a catalog coin) and its decimals. */
  quote: string;
  quoteDecimals: number;
  /** Issue price, quote per coin. */
  price: string;
  /** Allocation step, in the new coin. */
  lot: string;
  /** What one lot costs, in the quote coin (the smallest subscription). */
  lotCost: string;
  /** Total issue, in the new coin. */
  total: string;
  /** Per-user cap, in the quote coin (Σ of a user's commits). */
  cap: string;
  preheatAt: number;
  opensAt: number;
  closesAt: number;
  phase: IeoPhase;
  links: IeoLinks;
  description: string;
  rule: IeoRule;
  /** Σ commits so far, in the quote coin, and how many users made them. */
  committed: string;
  subscribers: number;
  /** Null until allocated. */
  result: IeoResult | null;
}

/** The projects and the server clock (countdowns run against the server, not the device). */
export interface IeoList {
  projects: IeoProject[];
  serverTime: number;
}

/** One project with the server clock. */
export interface IeoDetail {
  project: IeoProject;
  serverTime: number;
}

/** One subscription (commit) of the signed-in user. */
export interface IeoCommit {
  id: number;
  projectId: number;
  projectName: string;
  coin: string;
  quote: string;
  /** Frozen, in the quote coin. */
  amount: string;
  committedAt: number;
  ledgerTxId: number;
}

/** What an allocation used and moved: anyone can recompute it from the stored commits. */
export interface IeoReceipt {
  rule: IeoRule;
  /** The user's Σ commits, all subscribers' Σ commits (quote), the total and lot (coin), lot cost (quote). */
  inputs: {
    commit: string;
    allCommits: string;
    total: string;
    lot: string;
    lotCost: string;
    oversubscribed: boolean;
  };
  /** Coin received (+), quote paid (−) and unfrozen (refund). */
  amounts: ReceiptAmount[];
  ledgerTxId: number;
  ts: number;
}

/** The signed-in user's allocation in one project. */
export interface IeoAllocation {
  projectId: number;
  projectName: string;
  coin: string;
  quote: string;
  committed: string;
  lots: string;
  /** Coin received, in the new coin. */
  allocated: string;
  /** Quote paid for it. */
  cost: string;
  /** Quote unfrozen. */
  refund: string;
  allocatedAt: number;
  receipt: IeoReceipt;
}

/** The signed-in user's log: subscriptions and allocations, newest first. */
export interface IeoMine {
  commits: IeoCommit[];
  allocations: IeoAllocation[];
  /** The catalog's account commits are frozen in, and whether the trade password is asked. */
  terms: IeoTerms;
}

/** A subscription as typed: the project, an amount in its quote coin, the trade password. */
export interface IeoSubscribeReq {
  id: number | string;
  amount: string;
  tradePassword?: string;
}

/** What an operator sends to create or edit a project (decimal strings, epoch ms). */
export interface IeoProjectReq {
  name: string;
  coin: string;
  coinName: string;
  coinDecimals: number | string;
  quote: string;
  price: string;
  lot: string;
  total: string;
  cap: string;
  preheatAt: number | string;
  opensAt: number | string;
  closesAt: number | string;
  website?: string;
  whitepaper?: string;
  explorer?: string;
  description?: string;
}

/**
 * Every field of `IeoProjectReq`, in the order of the operator's form: what the console sends and
 * what the server reads (`server/ieo/routes.ts`).
 */
export const IEO_PROJECT_FIELDS = [
  'name',
  'coin',
  'coinName',
  'coinDecimals',
  'quote',
  'price',
  'lot',
  'total',
  'cap',
  'preheatAt',
  'opensAt',
  'closesAt',
  'website',
  'whitepaper',
  'explorer',
  'description',
] as const satisfies readonly (keyof IeoProjectReq)[];

// A field added to IeoProjectReq and not to the list above fails here.
const everyProjectField: Exclude<keyof IeoProjectReq, (typeof IEO_PROJECT_FIELDS)[number]> extends never
  ? true
  : never = true;
void everyProjectField;
