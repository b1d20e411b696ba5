import type { E, Empty } from './endpoint-def';
import type { KefuMessage } from './kefu-types';

/**
 * The operator console's contract: who an operator is, what each role may do, and the routes the
 * console adds to `/api/ops/*` (operator accounts, sessions, personal API tokens, users, the house
 * view, queue counts, the support inbox). The reviews and publishing routes each area already serves
 * keep their names; each declares its duty where it is registered (`server/<area>/ops-routes.ts`).
 * No route here or anywhere sets a price, an option outcome, an allocation or a balance.
 */

/** An operator account's role. */
export type OpsRole = 'admin' | 'reviewer' | 'support' | 'viewer';
export const OPS_ROLES: readonly OpsRole[] = ['admin', 'reviewer', 'support', 'viewer'];

/**
 * What a route does, declared by the route. `read`: look without changing anything (every role);
 * `review`: KYC, bank deposits, withdrawals, merchant and listing applications, P2P appeals and
 * freezes, IEO projects and earn products; `support`: chat inbox, news and help articles, the live
 * stream; `admin`: operator accounts, the audit trail, freezing users; `sim`: the simulators of the
 * demo mode (chain deposits and blocks), refused outside it; `self`: one's own session and tokens.
 */
export type OpsDuty = 'read' | 'review' | 'support' | 'admin' | 'sim' | 'self';

/** Which duties each role holds. Separation of duties: an admin manages people, not money flows. */
export const ROLE_DUTIES: Readonly<Record<OpsRole, readonly OpsDuty[]>> = {
  admin: ['read', 'admin', 'sim', 'self'],
  reviewer: ['read', 'review', 'self'],
  support: ['read', 'support', 'self'],
  viewer: ['read', 'self'],
};

/** Whether `role` may call a route of `duty`. */
export function mayAct(role: OpsRole, duty: OpsDuty): boolean {
  return ROLE_DUTIES[role].includes(duty);
}

/** Operator names: lower-case letters, digits, `.`, `_`, `-`; 1 to 40, starting with a letter or digit. */
export const OPS_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;
/** Shortest operator password, in characters. */
export const OPS_PASSWORD_MIN = 12;
/** A personal API token's prefix, so a leaked one is recognisable in logs and scanners. */
export const OPS_TOKEN_PREFIX = 'opt_';
/** A console session's lifetime, in milliseconds (a working shift). */
export const OPS_SESSION_MS = 12 * 60 * 60 * 1000;
/**
 * Money-affecting decisions: the routes whose effect moves money in the ledger (a deposit credited,
 * a withdrawal paid out or its frozen amount given back, an escrow released or returned, the house
 * funding an earn reserve, the demo's simulated chain crediting a deposit). A console session takes
 * them with a TOTP code (field `totp`) or within its step-up window after one; a personal token
 * always brings a code (`totp=…` in the CLI). `tests/integration/ops-step-up.test.ts` fails when a
 * route moves money without being listed here.
 */
export const OPS_STEP_UP_ROUTES: readonly string[] = [
  'bank-deposits/confirm',
  'withdrawals/approve',
  'withdrawals/reject',
  'legal/appeals/decide',
  'lockming/reserve',
  'sim/deposit',
  'sim/mine',
];

/** How long the ticket between the password step and the TOTP step lives, in milliseconds. */
export const OPS_TICKET_MS = 5 * 60 * 1000;

/** The signed-in operator. */
export interface OpsMe {
  id: number;
  name: string;
  role: OpsRole;
  /** Duties the role holds, so the console hides what it cannot do. */
  duties: OpsDuty[];
}

/** After the password: either the TOTP step, or enrolment of a second factor on first sign-in. */
export type OpsLoginStep =
  | { step: 'totp'; ticket: string }
  /** `otpauthUri` is drawn as a QR code; `secret` (base32) is shown for typing by hand. */
  | { step: 'enrol'; ticket: string; otpauthUri: string; secret: string };

/** A console session. `token` goes in `Authorization: Bearer`. */
export interface OpsSession {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  me: OpsMe;
}

/** An operator account as admins see it. */
export interface OpsOperator {
  id: number;
  name: string;
  role: OpsRole;
  totpEnrolled: boolean;
  disabled: boolean;
  createdAt: number;
  lastSignInAt: number | null;
}

/** A personal API token as its owner sees it; the secret is shown only once, at creation. */
export interface OpsTokenInfo {
  id: number;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** One row of the append-only audit trail `ops_actions`. */
export interface OpsAuditRow {
  id: number;
  operator: string;
  /** Such as `withdrawal.approve`, `operator.signIn`, `operator.signInFailed`. */
  action: string;
  targetType: string;
  targetId: string;
  /** JSON text: reason, txid, amounts. */
  detail: string;
  /** JSON text of the record before and after the action; `null` where there is no record (sign-in). */
  before: string | null;
  after: string | null;
  ip: string;
  createdAt: number;
}

/** A user as a search finds them. */
export interface OpsUserHit {
  id: number;
  account: string;
  nickname: string;
  frozen: boolean;
  createdAt: number;
}

/** One balance of one account (`spot`, `lever`, `second`, `legal`, `finance`), decimal strings. */
export interface OpsBalance {
  account: string;
  coin: string;
  available: string;
  frozen: string;
}

/** A user read-only: profile, balances, open orders and positions, the newest journal lines. */
export interface OpsUserDetail {
  user: OpsUserHit & { kycStatus: string; freezeReason: string | null };
  balances: OpsBalance[];
  openOrders: {
    id: number;
    symbol: string;
    side: string;
    price: string;
    amount: string;
    filled: string;
    createdAt: number;
  }[];
  positions: {
    id: number;
    symbol: string;
    side: string;
    lots: string;
    margin: string;
    openPrice: string;
    openedAt: number;
  }[];
  /** `field`: which side of the balance the line moved (a freeze is a pair: available −, frozen +). */
  journal: {
    id: number;
    kind: string;
    account: string;
    coin: string;
    field: 'available' | 'frozen';
    delta: string;
    createdAt: number;
  }[];
}

/** Counts of what waits for an operator, per queue. */
export interface OpsQueueCounts {
  kyc: number;
  bankDeposits: number;
  withdrawals: number;
  merchantApplications: number;
  appeals: number;
  listings: number;
  /** Conversations with user messages no operator has read. */
  inboxUnread: number;
}

/** The house's exposure and results per product, and whether the ledger's invariants hold. */
export interface OpsHouse {
  /** Each product's lines as label → decimal string (exposure, fees taken, paid out, reserves). */
  products: { product: 'lever' | 'second' | 'lockming' | 'ieo' | 'spot'; lines: Record<string, string> }[];
  ledger: { ok: boolean; checkedAt: number; problems: string[] };
}

/** A conversation in the support inbox. */
export interface OpsConversation {
  userId: number;
  account: string;
  /** The newest message's id: the paging cursor (`before`) of the next page. */
  lastMessageId: number;
  lastMessageAt: number;
  lastText: string;
  /** User messages not read by an operator. */
  unread: number;
  /** The operator the conversation is assigned to, or null. */
  assignee: string | null;
}

/** A canned reply, per language. */
export interface OpsCannedReply {
  id: number;
  lang: string;
  title: string;
  body: string;
}

/**
 * Events of the operator socket (`/api/ops/ws`, first message `{op: 'auth', token}`): a user's chat
 * message or receipt, a conversation assigned, and the queue counts whenever one moves.
 */
export type OpsEvent =
  | { type: 'kefu.message'; userId: number; message: KefuMessage }
  | {
      type: 'kefu.receipt';
      userId: number;
      sender: 'user' | 'operator';
      upTo: number;
      state: 'delivered' | 'read';
      at: number;
    }
  | { type: 'kefu.assigned'; userId: number; assignee: string | null }
  | { type: 'queues'; counts: OpsQueueCounts };

/** Paging of the console's lists: newest first, ids below `before`. */
export interface OpsPage {
  before?: number;
  limit?: number;
}

/** The routes the console adds (served at `/api/ops/{name}`, variant-2 envelope). */
export interface OpsConsoleEndpoints {
  'auth/login': E<{ name: string; password: string }, OpsLoginStep>;
  /** Confirms the TOTP code (and, on enrolment, the new secret); opens a session. */
  'auth/totp': E<{ ticket: string; code: string }, OpsSession>;
  'auth/logout': E<Empty, Empty>;
  'auth/me': E<Empty, OpsMe>;
  'auth/password': E<{ current: string; next: string }, Empty>;

  operators: E<Empty, OpsOperator[]>;
  'operators/create': E<{ name: string; role: OpsRole; password: string }, OpsOperator>;
  'operators/role': E<{ id: number; role: OpsRole; reason: string }, OpsOperator>;
  'operators/disable': E<{ id: number; reason: string }, OpsOperator>;
  'operators/enable': E<{ id: number; reason: string }, OpsOperator>;
  /** The operator enrols a new second factor at the next sign-in. */
  'operators/reset-totp': E<{ id: number; reason: string }, OpsOperator>;

  tokens: E<Empty, OpsTokenInfo[]>;
  /** The only time the secret is shown. */
  'tokens/create': E<{ label: string }, OpsTokenInfo & { token: string }>;
  'tokens/revoke': E<{ id: number }, OpsTokenInfo>;

  /** The audit trail, newest first; filters are exact matches. */
  /**
   * The history of one record (a queue item's detail), for every role; the IP stays in the audit
   * trail proper (`actions`, admins).
   */
  'actions/of': E<{ targetType: string; targetId: string }, OpsAuditRow[]>;
  actions: E<
    OpsPage & { operator?: string; action?: string; targetType?: string; targetId?: string },
    OpsAuditRow[]
  >;

  'users/search': E<{ q: string }, OpsUserHit[]>;
  'users/get': E<{ id: number }, OpsUserDetail>;
  'users/freeze': E<{ id: number; reason: string }, OpsUserHit>;
  'users/unfreeze': E<{ id: number; reason: string }, OpsUserHit>;

  house: E<Empty, OpsHouse>;
  queues: E<Empty, OpsQueueCounts>;

  'kefu/inbox': E<OpsPage & { mine?: '1'; unread?: '1' }, OpsConversation[]>;
  'kefu/assign': E<{ userId: number; release?: '1' }, OpsConversation>;
  'kefu/canned': E<{ lang?: string }, OpsCannedReply[]>;
  'kefu/canned/save': E<{ id?: number; lang: string; title: string; body: string }, OpsCannedReply>;
  'kefu/canned/delete': E<{ id: number }, Empty>;
}

/** Method and duty of each console route. */
export const OPS_CONSOLE_ROUTES: {
  readonly [K in keyof OpsConsoleEndpoints]: { method: 'GET' | 'POST'; duty: OpsDuty | 'public' };
} = {
  'auth/login': { method: 'POST', duty: 'public' },
  'auth/totp': { method: 'POST', duty: 'public' },
  'auth/logout': { method: 'POST', duty: 'self' },
  'auth/me': { method: 'GET', duty: 'self' },
  'auth/password': { method: 'POST', duty: 'self' },
  operators: { method: 'GET', duty: 'admin' },
  'operators/create': { method: 'POST', duty: 'admin' },
  'operators/role': { method: 'POST', duty: 'admin' },
  'operators/disable': { method: 'POST', duty: 'admin' },
  'operators/enable': { method: 'POST', duty: 'admin' },
  'operators/reset-totp': { method: 'POST', duty: 'admin' },
  tokens: { method: 'GET', duty: 'self' },
  'tokens/create': { method: 'POST', duty: 'self' },
  'tokens/revoke': { method: 'POST', duty: 'self' },
  actions: { method: 'GET', duty: 'admin' },
  'actions/of': { method: 'GET', duty: 'read' },
  'users/search': { method: 'GET', duty: 'read' },
  'users/get': { method: 'GET', duty: 'read' },
  'users/freeze': { method: 'POST', duty: 'admin' },
  'users/unfreeze': { method: 'POST', duty: 'admin' },
  house: { method: 'GET', duty: 'read' },
  queues: { method: 'GET', duty: 'read' },
  'kefu/inbox': { method: 'GET', duty: 'read' },
  'kefu/assign': { method: 'POST', duty: 'support' },
  'kefu/canned': { method: 'GET', duty: 'read' },
  'kefu/canned/save': { method: 'POST', duty: 'support' },
  'kefu/canned/delete': { method: 'POST', duty: 'support' },
};
