/**
 * The credit score (spec §3 "credit score", route `/pages/home/ping`): a published table of factors,
 * each computed from facts the exchange holds. No one types a score in; this function is the score.
 */

/** The facts a score is computed from, as the server gathers them. */
export interface CreditFacts {
  /** Whole days since registration. */
  accountAgeDays: number;
  identityVerified: boolean;
  tradePasswordSet: boolean;
  /** Spot orders of the user with at least one fill, ever. */
  filledOrders: number;
  /** Spot orders the user cancelled without any fill in the last CREDIT_WINDOW_DAYS days. */
  cancelledUnfilled: number;
}

/** The window of recent behaviour (cancellations), in days. */
export const CREDIT_WINDOW_DAYS = 30;

/** The factors, in the order the page lists them. */
export const CREDIT_FACTORS = [
  'base',
  'accountAge',
  'identity',
  'tradePassword',
  'trading',
  'cancellations',
] as const;
/** One of CREDIT_FACTORS. */
export type CreditFactorKey = (typeof CREDIT_FACTORS)[number];

/**
 * The published rules. `per` facts earn `points` (negative for a penalty), bounded by `limit` (the
 * most a factor adds, or for a penalty the most it takes away, as a negative number).
 */
export const CREDIT_RULES = {
  base: { points: 55 },
  accountAge: { per: 30, points: 1, limit: 10 },
  identity: { points: 20 },
  tradePassword: { points: 5 },
  trading: { per: 10, points: 1, limit: 10 },
  cancellations: { per: 5, points: -1, limit: -10 },
  /** The score is kept within these bounds. */
  min: 0,
  max: 100,
} as const;

/** One line of the breakdown. */
export interface CreditFactor {
  key: CreditFactorKey;
  /** Points this factor gives (negative for a penalty). */
  points: number;
  /** Most points this factor can give (or, for a penalty, take: negative). */
  limit: number;
  /** The fact behind it: days, orders, cancellations, or 1/0 for yes/no facts. */
  fact: number;
}

/** A score with its breakdown. */
export interface CreditReport {
  /** The sum of the factors, within CREDIT_RULES.min and .max. */
  score: number;
  factors: CreditFactor[];
  /** Milliseconds since the epoch when the facts were read. */
  computedAt: number;
}

const stepped = (fact: number, rule: { per: number; points: number; limit: number }): number => {
  const raw = Math.floor(Math.max(0, fact) / rule.per) * rule.points;
  // `|| 0`: no penalty is 0, not -0.
  return (rule.limit < 0 ? Math.max(rule.limit, raw) : Math.min(rule.limit, raw)) || 0;
};

/** The score of `facts` and each factor's points. */
export function creditBreakdown(facts: CreditFacts, computedAt: number): CreditReport {
  const r = CREDIT_RULES;
  const factors: CreditFactor[] = [
    { key: 'base', points: r.base.points, limit: r.base.points, fact: 1 },
    {
      key: 'accountAge',
      points: stepped(facts.accountAgeDays, r.accountAge),
      limit: r.accountAge.limit,
      fact: facts.accountAgeDays,
    },
    {
      key: 'identity',
      points: facts.identityVerified ? r.identity.points : 0,
      limit: r.identity.points,
      fact: facts.identityVerified ? 1 : 0,
    },
    {
      key: 'tradePassword',
      points: facts.tradePasswordSet ? r.tradePassword.points : 0,
      limit: r.tradePassword.points,
      fact: facts.tradePasswordSet ? 1 : 0,
    },
    {
      key: 'trading',
      points: stepped(facts.filledOrders, r.trading),
      limit: r.trading.limit,
      fact: facts.filledOrders,
    },
    {
      key: 'cancellations',
      points: stepped(facts.cancelledUnfilled, r.cancellations),
      limit: r.cancellations.limit,
      fact: facts.cancelledUnfilled,
    },
  ];
  const sum = factors.reduce((s, f) => s + f.points, 0);
  return { score: Math.min(r.max, Math.max(r.min, sum)), factors, computedAt };
}
