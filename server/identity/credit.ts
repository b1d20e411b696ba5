import {
  creditBreakdown,
  CREDIT_WINDOW_DAYS,
  type CreditFacts,
  type CreditReport,
} from '../../domain/identity-credit';
import type { Engine } from '../db';
import { loginRequired, sessionOf, type HandlerRegistry } from '../http';
import { accounts, type Accounts } from '../mine';
import { tradeLog, type TradeLog } from '../trade';

const DAY_MS = 86_400_000;

/**
 * The credit score from the facts the exchange holds (domain/identity-credit.ts publishes the
 * table). `users.credit_score` keeps the last computed score for the places that show it with the
 * user; it is only ever written here, from a breakdown, in a writer command that reads the facts it
 * is computed from (so the score kept is the one of the facts it was saved with).
 */
export class CreditService {
  readonly #users: Accounts;
  readonly #trades: TradeLog;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#users = accounts(engine);
    this.#trades = tradeLog(engine);
  }

  /**
   * The facts of one user now, or undefined for an unknown user: inside a command as its batch left
   * them, outside as committed.
   */
  async facts(userId: number): Promise<CreditFacts | undefined> {
    const u = await this.#users.creditFacts(userId);
    if (!u) return undefined;
    const now = this.now();
    return {
      accountAgeDays: Math.max(0, Math.floor((now - u.createdAt) / DAY_MS)),
      identityVerified: u.kyc === 'verified',
      tradePasswordSet: u.hasTradePassword === 1,
      filledOrders: await this.#trades.filledOrderCount(userId),
      cancelledUnfilled: await this.#trades.cancelledUnfilledSince(userId, now - CREDIT_WINDOW_DAYS * DAY_MS),
    };
  }

  /** Computes the user's score and keeps it in `users.credit_score` (one writer command). */
  report(userId: number): Promise<CreditReport | undefined> {
    return this.engine.writer.run(async () => {
      const facts = await this.facts(userId);
      if (!facts) return undefined;
      const report = creditBreakdown(facts, this.now());
      await this.#users.saveCreditScore(userId, report.score);
      return report;
    });
  }
}

/** `credit/score`: the caller's score with its breakdown. */
export function registerCreditRoutes(registry: HandlerRegistry, credit: CreditService): void {
  registry.add('credit/score', async (ctx) => {
    const report = await credit.report(sessionOf(ctx).userId);
    if (!report) throw loginRequired();
    return report;
  });
}
