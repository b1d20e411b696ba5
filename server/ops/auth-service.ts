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
    stepUpAt: owner.stepUpAt,
  };
}

/** Timing of console sessions (server/config.ts: OPS_IDLE_MINUTES, OPS_STEP_UP_MINUTES). */
export interface OpsAuthSettings {
  /** A session ends after this long without a request, in ms. Default 30 min. */
  idleMs?: number;
  /** Money decisions within this long after a TOTP code need no other, in ms. Default 5 min. */
  stepUpMs?: number;
  /** The clock, ms since the epoch (tests). */
  now?: () => number;
}

/** Wrong step-up codes in a row a credential may send before its codes are refused for a while. */
const STEP_UP_TRIES = 5;
/** How long a credential's step-up codes are refused after STEP_UP_TRIES wrong ones, in ms. */
const STEP_UP_LOCK_MS = 15 * 60_000;

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
  /** Wrong step-up codes per credential (session hash or `t<token id>`): how many, refused until when. */
  readonly #stepUpFailures = new Map<string, { count: number; until: number }>();
  readonly idleMs: number;
  readonly stepUpMs: number;
  private readonly now: () => number;

  constructor(
    private readonly engine: Engine,
    private readonly journal: OpsJournal,
    settings: OpsAuthSettings = {},
  ) {
    this.idleMs = settings.idleMs ?? 30 * 60_000;
    this.stepUpMs = settings.stepUpMs ?? 5 * 60_000;
    this.now = settings.now ?? (() => Date.now());
    this.operators = new OperatorStore(engine);
    this.credentials = new CredentialStore(engine);
    this.tickets = new TicketBook(this.now);
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
   * The caller of a bearer credential: a personal token (`opt_…`) or a console session; `idle` for a
   * session that saw no request for `idleMs`; null when it is unknown, revoked, expired, or its
   * operator is disabled. `touch` (a request): records the token's last use, or the session's
   * activity (at most every `idleMs / 10`, a minute at most, so a busy console is not a write per
   * request); the operator socket does not touch, so an open tab alone does not keep a session.
   */
  async authenticate(bearer: string, touch = true): Promise<OpsCaller | 'idle' | null> {
    if (bearer === '' || bearer.length > 256) return null;
    const hash = digestOf(bearer);
    const at = this.now();
    if (bearer.startsWith(OPS_TOKEN_PREFIX)) {
      const owner = await this.credentials.token(hash);
      if (!owner || owner.disabled) return null;
      if (touch) await this.engine.writer.run(() => this.credentials.touchToken(owner.tokenId!, at));
      return callerOf(owner, null);
    }
    const owner = await this.credentials.session(hash, at);
    if (!owner || owner.disabled) return null;
    const seen = owner.lastSeenAt ?? 0;
    if (at - seen >= this.idleMs) return 'idle';
    if (touch && at - seen >= Math.min(60_000, this.idleMs / 10)) {
      await this.engine.writer.run(() => this.credentials.touchSession(hash, at));
    }
    return callerOf(owner, hash);
  }

  /** The caller of a live credential without recording a use, or null (idle counts as ended). */
  async resolve(bearer: string): Promise<OpsCaller | null> {
    const caller = await this.authenticate(bearer, false);
    return caller === 'idle' ? null : caller;
  }

  /**
   * When a console session of `caller` ends if no request comes (ms since the epoch: its lifetime's
   * end or its idle timeout, whichever is first), or null for a token.
   */
  async expiryOf(caller: OpsCaller): Promise<number | null> {
    if (!caller.sessionHash) return null;
    const owner = await this.credentials.session(caller.sessionHash, this.now());
    if (!owner) return null;
    return Math.min(owner.expiresAt ?? Infinity, (owner.lastSeenAt ?? 0) + this.idleMs);
  }

  /**
   * Re-authentication of a money-affecting decision. A code (`totp`, six digits) is checked like a
   * sign-in's, replays refused, and opens the session's step-up window again; without one, a console
   * session within `stepUpMs` of its last code passes. A personal token always needs a code; the
   * demo token (demo mode only) has no second factor. A wrong code is journaled; after
   * STEP_UP_TRIES in a row the credential's codes are refused for STEP_UP_LOCK_MS.
   */
  async stepUp(caller: OpsCaller, code: string): Promise<void> {
    if (caller.operatorId === null) return;
    const at = this.now();
    const given = code.trim();
    if (given === '') {
      if (caller.sessionHash && caller.stepUpAt !== null && at - caller.stepUpAt < this.stepUpMs) return;
      throw fail('opsTotpRequired', 'totp');
    }
    const key = caller.sessionHash ?? `t${caller.tokenId}`;
    const failures = this.#stepUpFailures.get(key);
    if (failures && failures.until > at) throw new AppError('message', 'rateLimited', 'totp', 429);
    const row = await this.operators.byId(caller.operatorId);
    const secret = row?.totpEnrolled ? row.totpSecret : null;
    const step = secret ? acceptTotp(secret, given, row!.totpLastStep, at) : null;
    const ok =
      step !== null &&
      (await this.engine.writer.run(async () => {
        if (!(await this.operators.useStep(caller.operatorId!, step))) return false;
        if (caller.sessionHash) await this.credentials.stepUpSession(caller.sessionHash, at);
        await this.journal.record({
          operator: caller.name,
          action: 'operator.stepUp',
          targetType: ACCOUNT,
          targetId: String(caller.operatorId),
        });
        return true;
      }));
    if (ok) {
      this.#stepUpFailures.delete(key);
      return;
    }
    const count = (failures?.count ?? 0) + 1;
    this.#stepUpFailures.set(key, { count, until: count >= STEP_UP_TRIES ? at + STEP_UP_LOCK_MS : 0 });
    await this.engine.writer.run(() =>
      this.journal.record({
        operator: caller.name,
        action: 'operator.stepUpFailed',
        targetType: ACCOUNT,
        targetId: String(caller.operatorId),
        detail: { tries: count },
      }),
    );
    throw fail('opsTotpInvalid', 'totp');
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
