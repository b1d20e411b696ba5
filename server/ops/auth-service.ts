import {
  OPS_NAME,
  OPS_PASSWORD_MIN,
  OPS_SESSION_MS,
  OPS_TOKEN_PREFIX,
  ROLE_DUTIES,
  type OpsLoginStep,
  type OpsMe,
  type OpsSession,
} from '../../domain';
import type { Engine } from '../db';
import { AppError, fail } from '../http';
import { dummyHash, hashPassword, verifyPassword } from '../shared/passwords';
import { CredentialStore, digestOf, newSessionToken, type CredentialOwner } from './credentials';
import { OperatorStore, type OperatorRow } from './operator-store';
import type { OpsJournal } from './ops-journal';
import type { OpsCaller } from './ops-registry';
import { TicketBook } from './tickets';
import { acceptTotp, newTotpSecret, totpUri } from './totp';

/** Told, after the commit, of an operator whose credentials may have stopped (the operator socket). */
export type CredentialListener = (operatorId: number) => void;

const ACCOUNT = 'operators';

/** The name a failed sign-in is journaled under: what was typed, bounded, or `?`. */
function triedName(name: string): string {
  const text = name.trim().toLowerCase().slice(0, 40);
  return text === '' ? '?' : text;
}

/** Checks an operator name and password for a new account; throws the localized refusal. */
export function checkNewOperator(name: string, password: string): void {
  if (!OPS_NAME.test(name)) throw fail('opsNameFormat', 'name');
  checkPassword(password, 'password');
}

function checkPassword(password: string, field: string): void {
  if (password.length < OPS_PASSWORD_MIN) throw fail('opsPasswordShort', field);
  if (password.length > 256) throw fail('textTooLong', field);
}

/** The caller of an operator account's credential. */
function callerOf(owner: CredentialOwner, sessionHash: string | null): OpsCaller {
  return {
    operatorId: owner.operatorId,
    name: owner.name,
    role: owner.role,
    duties: ROLE_DUTIES[owner.role],
    sessionHash,
    tokenId: owner.tokenId,
  };
}

/**
 * Operator sign-in (password, then TOTP; enrolment on the first), console sessions, personal tokens
 * and the resolution of a request's credential. Password hashing and verification run before any
 * writer command; every sign-in and failed sign-in is one `ops_actions` row.
 */
export class OpsAuth {
  readonly operators: OperatorStore;
  readonly credentials: CredentialStore;
  readonly tickets: TicketBook;
  readonly #listeners = new Set<CredentialListener>();

  constructor(
    private readonly engine: Engine,
    private readonly journal: OpsJournal,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.operators = new OperatorStore(engine);
    this.credentials = new CredentialStore(engine);
    this.tickets = new TicketBook(now);
  }

  /** Listens for operators whose sessions or tokens may have stopped; returns the remover. */
  onCredentialChange(listener: CredentialListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells the listeners about `operatorId` once the current command commits. */
  announceAfterCommit(operatorId: number): void {
    this.engine.writer.afterCommit(() => {
      for (const l of this.#listeners) l(operatorId);
    });
  }

  /**
   * The caller of a bearer credential: a personal token (`opt_…`, its last use recorded) or a console
   * session; null when it is unknown, revoked, expired, or its operator is disabled.
   */
  async resolve(bearer: string): Promise<OpsCaller | null> {
    if (bearer === '' || bearer.length > 256) return null;
    const hash = digestOf(bearer);
    if (bearer.startsWith(OPS_TOKEN_PREFIX)) {
      const owner = await this.credentials.token(hash);
      if (!owner || owner.disabled) return null;
      const at = this.now();
      await this.engine.writer.run(() => this.credentials.touchToken(owner.tokenId!, at));
      return callerOf(owner, null);
    }
    const owner = await this.credentials.session(hash, this.now());
    if (!owner || owner.disabled) return null;
    return callerOf(owner, hash);
  }

  /** When a console session of `caller` ends (ms since the epoch), or null for a token. */
  async expiryOf(caller: OpsCaller): Promise<number | null> {
    if (!caller.sessionHash) return null;
    return (await this.credentials.session(caller.sessionHash, this.now()))?.expiresAt ?? null;
  }

  /**
   * The password step. An unknown name and a wrong password answer the same and cost the same
   * (a verification against a dummy hash, one journal row). Right password: a ticket for the TOTP
   * step, or for enrolment with a fresh secret when the operator has none yet.
   */
  async login(name: string, password: string): Promise<OpsLoginStep> {
    const key = name.trim().toLowerCase();
    const row = OPS_NAME.test(key) ? await this.operators.byName(key) : undefined;
    const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password.slice(0, 256));
    if (!row || !ok) {
      await this.#failed(triedName(name), row, 'password');
      throw fail('opsSignInFailed', 'password');
    }
    if (row.disabled) {
      await this.#failed(row.name, row, 'disabled');
      throw fail('opsOperatorDisabled');
    }
    if (!row.totpEnrolled || !row.totpSecret) {
      const secret = newTotpSecret();
      const ticket = this.tickets.issue({ operatorId: row.id, name: row.name, enrolSecret: secret });
      return { step: 'enrol', ticket, otpauthUri: totpUri(row.name, secret), secret };
    }
    return { step: 'totp', ticket: this.tickets.issue({ operatorId: row.id, name: row.name }) };
  }

  /**
   * The TOTP step: a right code of the ticket's operator (the enrolment secret, or the saved one)
   * opens a session and spends the ticket; a code of a step already used is refused (replay).
   */
  async totp(ticketText: string, code: string): Promise<OpsSession> {
    const ticket = this.tickets.peek(ticketText);
    if (!ticket) {
      await this.#failed('?', undefined, 'ticket');
      throw fail('opsTicketExpired');
    }
    const row = await this.operators.byId(ticket.operatorId);
    if (!row || row.disabled) {
      this.tickets.spend(ticketText);
      await this.#failed(ticket.name, row, 'disabled');
      throw fail('opsOperatorDisabled');
    }
    const secret = ticket.enrolSecret ?? row.totpSecret;
    // Enrolled meanwhile (another ticket), or reset since this ticket: start again.
    if (!secret || (ticket.enrolSecret !== undefined) === row.totpEnrolled) {
      this.tickets.spend(ticketText);
      await this.#failed(ticket.name, row, 'ticket');
      throw fail('opsTicketExpired');
    }
    const at = this.now();
    const step = acceptTotp(secret, code.trim(), ticket.enrolSecret ? null : row.totpLastStep, at);
    const token = newSessionToken();
    const expiresAt = at + OPS_SESSION_MS;
    const opened =
      step !== null &&
      (await this.engine.writer.run(async () => {
        if (!(await this.operators.acceptStep(row.id, secret, step, at))) return false;
        await this.credentials.issueSession(digestOf(token), row.id, at, expiresAt);
        const enrolled = ticket.enrolSecret !== undefined;
        await this.journal.record({
          operator: row.name,
          action: 'operator.signIn',
          targetType: ACCOUNT,
          targetId: String(row.id),
          detail: enrolled ? { enrolled: true } : {},
          ...(enrolled && { before: { totpEnrolled: false }, after: { totpEnrolled: true } }),
        });
        return true;
      }));
    if (!opened) {
      await this.#failed(row.name, row, 'totp');
      throw fail('opsTotpInvalid', 'code');
    }
    this.tickets.spend(ticketText);
    return {
      token,
      expiresAt,
      me: { id: row.id, name: row.name, role: row.role, duties: [...ROLE_DUTIES[row.role]] },
    };
  }

  /** What the console shows of the signed-in operator. */
  me(caller: OpsCaller): OpsMe {
    return {
      id: caller.operatorId ?? 0,
      name: caller.name,
      role: caller.role ?? 'admin',
      duties: [...caller.duties],
    };
  }

  /** Ends the caller's console session (a personal token is revoked with `tokens/revoke`). */
  async logout(caller: OpsCaller): Promise<void> {
    const hash = caller.sessionHash;
    if (!hash || caller.operatorId === null) return;
    const id = caller.operatorId;
    await this.engine.writer.run(async () => {
      await this.credentials.revokeSession(hash, this.now());
      await this.journal.record({
        operator: caller.name,
        action: 'operator.signOut',
        targetType: ACCOUNT,
        targetId: String(id),
      });
      this.announceAfterCommit(id);
    });
  }

  /** Changes the caller's password; their other sessions end. */
  async changePassword(caller: OpsCaller, current: string, next: string): Promise<void> {
    if (caller.operatorId === null) throw new AppError('message', 'opsForbidden', undefined, 403);
    checkPassword(next, 'next');
    const row = await this.operators.byId(caller.operatorId);
    if (!row || !(await verifyPassword(row.passwordHash, current.slice(0, 256)))) {
      throw fail('incorrectPassword', 'current');
    }
    const phc = await hashPassword(next);
    await this.engine.writer.run(async () => {
      await this.operators.setPassword(row.id, phc);
      await this.credentials.revokeSessionsOf(row.id, this.now(), caller.sessionHash);
      await this.journal.record({
        operator: row.name,
        action: 'operator.password',
        targetType: ACCOUNT,
        targetId: String(row.id),
      });
      this.announceAfterCommit(row.id);
    });
  }

  /** One failed sign-in, journaled with the name tried (the IP comes from the request). */
  async #failed(name: string, row: OperatorRow | undefined, reason: string): Promise<void> {
    await this.engine.writer.run(() =>
      this.journal.record({
        operator: name,
        action: 'operator.signInFailed',
        targetType: ACCOUNT,
        targetId: row ? String(row.id) : '',
        detail: { reason },
      }),
    );
  }
}
