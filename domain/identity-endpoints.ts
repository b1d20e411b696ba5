import type { E, Empty, EndpointTable } from './endpoint-def';
import type { CreditReport } from './identity-credit';
import type { KycDocType } from './identity-rules';

/** Identity verification as the user sees it (spec §4, plus the operator's refusal with its reason). */
export type KycViewState = 'none' | 'review' | 'verified' | 'rejected';

/** The caller's latest identity submission, with the ID number masked. */
export interface KycSubmission {
  id: number;
  name: string;
  docType: KycDocType;
  /** Masked: first and last two characters. */
  idNumber: string;
  status: 'review' | 'verified' | 'rejected';
  /** Why the operator refused it; null unless rejected. */
  reason: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  decidedAt: number | null;
}

/** The caller's identity verification. */
export interface KycView {
  state: KycViewState;
  /** The latest submission, or null before the first. */
  submission: KycSubmission | null;
}

/** What the verification form sends; photo fields are ids from `assets/upload`. */
export interface KycSubmitReq {
  name: string;
  docType: KycDocType;
  idNumber: string;
  frontId: string;
  backId: string;
  handId: string;
}

/** Rebates earned, per coin (decimal strings in whole coins). */
export interface RebateTotal {
  coin: string;
  amount: string;
}

/** The invite page's summary: the caller's code and team figures. */
export interface TeamSummary {
  promoCode: string;
  level: 'member' | 'agent';
  /** Direct referrals (users who registered with the caller's code or were added by the agent). */
  direct: number;
  /** Direct referrals who traded spot or had a deposit credited in the last `activeDays` days. */
  active: number;
  activeDays: number;
  rebates: RebateTotal[];
  /** Share of the house's spot fees paid by a direct referral that is credited to the inviter, decimal string (0.2 = 20 %). */
  rebateShare: string;
}

/** A direct referral as the inviter sees them. */
export interface TeamMember {
  /** The member's user id. */
  id: number;
  /** Masked account. */
  account: string;
  /** Milliseconds since the epoch: registration. */
  joinedAt: number;
  active: boolean;
  kyc: 'none' | 'review' | 'verified';
}

/** One rebate credited to the caller, with the trade it came from. */
export interface RebateLine {
  id: number;
  coin: string;
  /** Decimal string in whole coins. */
  amount: string;
  /** The fee it is a share of, decimal string in whole coins. */
  fee: string;
  /** `spot_trades.id` of the source trade and its market. */
  tradeId: number;
  symbol: string;
  /** Masked account of the referral who paid the fee. */
  from: string;
  /** The ledger transaction that credited it. */
  ledgerTxId: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A fresh authorization code the user hands to an agent; it replaces any earlier one. */
export interface AuthCodeGrant {
  code: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Endpoints of identity, invite and team, credit score (`mine`, `ping`): request and reply types per name. */
export interface IdentityEndpoints {
  'kyc/status': E<Empty, KycView>;
  'kyc/submit': E<KycSubmitReq, KycView>;
  'team/summary': E<Empty, TeamSummary>;
  'team/members': E<{ before?: number; limit?: number }, TeamMember[]>;
  'team/rebates': E<{ before?: number; limit?: number }, RebateLine[]>;
  'team/authCode': E<Empty, AuthCodeGrant>;
  'team/add': E<{ account: string; authCode: string }, TeamMember>;
  'credit/score': E<Empty, CreditReport>;
}

/** How each endpoint of identity, invite and team, credit score (`mine`, `ping`) is called. */
export const IDENTITY_ENDPOINTS: EndpointTable<IdentityEndpoints> = {
  'kyc/status': { method: 'GET', variant: 3, auth: true },
  'kyc/submit': { method: 'POST', variant: 3, auth: true },
  'team/summary': { method: 'GET', variant: 3, auth: true },
  'team/members': { method: 'GET', variant: 3, auth: true },
  'team/rebates': { method: 'GET', variant: 3, auth: true },
  'team/authCode': { method: 'POST', variant: 3, auth: true },
  'team/add': { method: 'POST', variant: 3, auth: true },
  'credit/score': { method: 'GET', variant: 3, auth: true },
};
