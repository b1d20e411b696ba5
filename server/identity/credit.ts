import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import {
  creditBreakdown,
  CREDIT_WINDOW_DAYS,
  type CreditFacts,
  type CreditReport,
} from '../../domain/identity-credit';
import { loginRequired } from '../http/app-error';
import { sessionOf, type HandlerRegistry } from '../http/registry';

const DAY_MS = 86_400_000;

interface UserFacts {
  createdAt: number;
  kyc: string;
  hasTradePassword: number;
}

/**
 * The credit score from the facts the exchange holds (domain/identity-credit.ts publishes the
 * table). `users.credit_score` keeps the last computed score for the places that show it with the
 * user; it is only ever written here, from a breakdown.
 */
export class CreditService {
  readonly #user: Statement;
  readonly #filled: Statement;
  readonly #cancelled: Statement;
  readonly #save: Statement;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#user = sqlite.prepare(
      `select created_at as createdAt, kyc, trade_password_hash is not null as hasTradePassword
       from users where id = ?`,
    );
    this.#filled = sqlite
      .prepare(`select count(*) from spot_orders where user_id = ? and filled_lots > 0`)
      .pluck();
    this.#cancelled = sqlite
      .prepare(
        `select count(*) from spot_orders
         where user_id = ? and status = 'cancelled' and filled_lots = 0 and updated_at >= ?`,
      )
      .pluck();
    this.#save = sqlite.prepare('update users set credit_score = ? where id = ? and credit_score <> ?');
  }

  /** The facts of one user now, or undefined for an unknown user. */
  facts(userId: number): CreditFacts | undefined {
    const u = this.#user.get(userId) as UserFacts | undefined;
    if (!u) return undefined;
    const now = this.now();
    return {
      accountAgeDays: Math.max(0, Math.floor((now - u.createdAt) / DAY_MS)),
      identityVerified: u.kyc === 'verified',
      tradePasswordSet: u.hasTradePassword === 1,
      filledOrders: Number(this.#filled.get(userId)),
      cancelledUnfilled: Number(this.#cancelled.get(userId, now - CREDIT_WINDOW_DAYS * DAY_MS)),
    };
  }

  /** Computes the user's score and keeps it in `users.credit_score`. */
  report(userId: number): CreditReport | undefined {
    const facts = this.facts(userId);
    if (!facts) return undefined;
    const report = creditBreakdown(facts, this.now());
    this.#save.run(report.score, userId, report.score);
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
