import type { Database as SqliteDb } from 'better-sqlite3';
import {
  creditBreakdown,
  CREDIT_WINDOW_DAYS,
  type CreditFacts,
  type CreditReport,
} from '../../domain/identity-credit';
import { loginRequired, sessionOf, type HandlerRegistry } from '../http';
import { accounts, type Accounts } from '../mine';
import { tradeLog, type TradeLog } from '../trade';

const DAY_MS = 86_400_000;

/**
 * The credit score from the facts the exchange holds (domain/identity-credit.ts publishes the
 * table). `users.credit_score` keeps the last computed score for the places that show it with the
 * user; it is only ever written here, from a breakdown.
 */
export class CreditService {
  readonly #users: Accounts;
  readonly #trades: TradeLog;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#users = accounts(sqlite);
    this.#trades = tradeLog(sqlite);
  }

  /** The facts of one user now, or undefined for an unknown user. */
  facts(userId: number): CreditFacts | undefined {
    const u = this.#users.creditFacts(userId);
    if (!u) return undefined;
    const now = this.now();
    return {
      accountAgeDays: Math.max(0, Math.floor((now - u.createdAt) / DAY_MS)),
      identityVerified: u.kyc === 'verified',
      tradePasswordSet: u.hasTradePassword === 1,
      filledOrders: this.#trades.filledOrderCount(userId),
      cancelledUnfilled: this.#trades.cancelledUnfilledSince(userId, now - CREDIT_WINDOW_DAYS * DAY_MS),
    };
  }

  /** Computes the user's score and keeps it in `users.credit_score`. */
  report(userId: number): CreditReport | undefined {
    const facts = this.facts(userId);
    if (!facts) return undefined;
    const report = creditBreakdown(facts, this.now());
    this.#users.saveCreditScore(userId, report.score);
    return report;
  }
}

/** `credit/score`: the caller's score with its breakdown. */
export function registerCreditRoutes(registry: HandlerRegistry, credit: CreditService): void {
  registry.add('credit/score', (ctx) => {
    const report = credit.report(sessionOf(ctx).userId);
    if (!report) throw loginRequired();
    return report;
  });
}
