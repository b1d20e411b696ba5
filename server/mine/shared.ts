import { codeProblem, confirmProblem, passwordProblem, type SessionGrant } from '../../domain';
import type { Config } from '../config';
import type { Engine, UserRow } from '../db';
import { fail, type TextCatalog, str, type Input } from '../http';
import type { MessageSender } from '../messaging';
import type { CodeStore } from './codes';
import type { SessionStore } from './sessions';
import type { TicketStore } from './tickets';
import { toUserInfo } from './users';

/** Services of the account area. */
export interface MineDeps {
  config: Config;
  engine: Engine;
  sessions: SessionStore;
  codes: CodeStore;
  tickets: TicketStore;
  sender: MessageSender;
  /** The app's `mine` texts, for the code message written in the user's language. */
  texts: TextCatalog;
  /**
   * The user's credit score computed now from its published factors (server/identity/credit.ts),
   * or undefined for an unknown user; the stored column only caches it. It keeps the score, so it
   * is a writer command of its own, or a step of the caller's command.
   */
  creditScore?: (userId: number) => Promise<number | undefined>;
}

/** `row` with its credit score computed now, when the area provides the computation. */
export async function withCreditScore(deps: Pick<MineDeps, 'creditScore'>, row: UserRow): Promise<UserRow> {
  const score = await deps.creditScore?.(row.id);
  return score === undefined ? row : { ...row, credit_score: score };
}

/**
 * Starts a session for `user` and describes it for the app: a command of its own, or a step of the
 * caller's command.
 */
export async function grant(sessions: SessionStore, user: UserRow): Promise<SessionGrant> {
  const issued = await sessions.issue(user.id);
  return { token: issued.token, expiresAt: new Date(issued.expiresAt).toISOString(), user: toUserInfo(user) };
}

/** Reads and checks a new password and its confirmation (fields `password` and `confirm`). */
export function newPassword(input: Input): string {
  const password = str(input, 'password');
  const confirm = str(input, 'confirm');
  const p = passwordProblem(password);
  if (p) throw fail(p, 'password');
  const c = confirmProblem(password, confirm);
  if (c) throw fail(c, 'confirm');
  return password;
}

/** Refuses a verification code of the wrong shape (field `code`) before any store is asked. */
export function checkCode(code: string): void {
  const p = codeProblem(code);
  if (p) throw fail(p, 'code');
}
