import { createHash, randomBytes } from 'node:crypto';
import { OPS_TOKEN_PREFIX, type OpsRole, type OpsTokenInfo } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** SHA-256 of a session token or personal token, hex. Both carry 256 random bits: no salt needed. */
export function digestOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new console session token (43 characters, base64url). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new personal API token: `opt_` and 43 characters, recognisable in logs and secret scanners. */
export function newPersonalToken(): string {
  return `${OPS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whose a live session or token is, read with its operator's current state. */
export interface CredentialOwner {
  operatorId: number;
  name: string;
  role: OpsRole;
  disabled: boolean;
  /** For a personal token, its id; null for a console session. */
  tokenId: number | null;
  /** Ms since the epoch; null for a personal token (it lives until revoked). */
  expiresAt: number | null;
  /** A console session's last request, ms since the epoch; null for a personal token. */
  lastSeenAt: number | null;
  /** When a TOTP code was last given on the session (ms since the epoch); null for a personal token. */
  stepUpAt: number | null;
}

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toOwner(r: Record<string, unknown>): CredentialOwner {
  return {
    operatorId: Number(r.operator_id),
    name: r.name as string,
    role: r.role as OpsRole,
    disabled: Number(r.disabled) === 1,
    tokenId: nullableNumber(r.token_id),
    expiresAt: nullableNumber(r.expires_at),
    lastSeenAt: nullableNumber(r.last_seen_at),
    stepUpAt: nullableNumber(r.step_up_at),
  };
}

function toTokenInfo(r: Record<string, unknown>): OpsTokenInfo {
  return {
    id: Number(r.id),
    label: r.label as string,
    createdAt: Number(r.created_at),
    lastUsedAt: nullableNumber(r.last_used_at),
    revokedAt: nullableNumber(r.revoked_at),
  };
}

const STATEMENTS = {
  // The sign-in's TOTP code is the session's first step-up.
  issue: sql<
    [tokenHash: string, operatorId: number, createdAt: number, expiresAt: number, seen: number, up: number]
  >(
    `insert into ops_sessions (token_hash, operator_id, created_at, expires_at, last_seen_at, step_up_at)
     values (?, ?, ?, ?, ?, ?)`,
  ),
  liveSession: sql<[tokenHash: string, now: number], CredentialOwner>(
    `select s.operator_id, o.name, o.role, o.disabled, cast(null as bigint) as token_id, s.expires_at,
            s.last_seen_at, s.step_up_at
     from ops_sessions s join operators o on o.id = s.operator_id
     where s.token_hash = ? and s.revoked_at is null and s.expires_at > ?`,
    toOwner,
  ),
  touchSession: sql<[at: number, tokenHash: string]>(
    'update ops_sessions set last_seen_at = ? where token_hash = ? and revoked_at is null',
  ),
  stepUp: sql<[at: number, seen: number, tokenHash: string]>(
    'update ops_sessions set step_up_at = ?, last_seen_at = ? where token_hash = ? and revoked_at is null',
  ),
  revokeSession: sql<[at: number, tokenHash: string]>(
    'update ops_sessions set revoked_at = ? where token_hash = ? and revoked_at is null',
  ),
  revokeSessionsOf: sql<[at: number, operatorId: number, keep: string | null, keep2: string | null]>(
    `update ops_sessions set revoked_at = ?
     where operator_id = ? and revoked_at is null and (cast(? as text) is null or token_hash <> ?)`,
  ),
  insertToken: sql<[operatorId: number, label: string, tokenHash: string, createdAt: number], number>(
    `insert into ops_tokens (operator_id, label, token_hash, created_at) values (?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  liveToken: sql<[tokenHash: string], CredentialOwner>(
    `select t.operator_id, o.name, o.role, o.disabled, t.id as token_id, cast(null as bigint) as expires_at,
            cast(null as bigint) as last_seen_at, cast(null as bigint) as step_up_at
     from ops_tokens t join operators o on o.id = t.operator_id
     where t.token_hash = ? and t.revoked_at is null`,
    toOwner,
  ),
  touchToken: sql<[at: number, id: number]>('update ops_tokens set last_used_at = ? where id = ?'),
  tokensOf: sql<[operatorId: number], OpsTokenInfo>(
    `select id, label, created_at, last_used_at, revoked_at from ops_tokens
     where operator_id = ? order by id desc`,
    toTokenInfo,
  ),
  revokeToken: sql<[at: number, id: number, operatorId: number], OpsTokenInfo>(
    `update ops_tokens set revoked_at = coalesce(revoked_at, ?) where id = ? and operator_id = ?
     returning id, label, created_at, last_used_at, revoked_at`,
    toTokenInfo,
  ),
};

/**
 * Console sessions (`ops_sessions`) and personal API tokens (`ops_tokens`), both kept only as the
 * SHA-256 of their secret. Resolving reads committed rows outside the writer; issuing, revoking and
 * touching a token's last use are writer steps. The operator's `disabled` flag is read with every
 * resolve, so disabling an operator stops their sessions and tokens at the next request.
 */
export class CredentialStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  async issueSession(tokenHash: string, operatorId: number, at: number, expiresAt: number): Promise<void> {
    await this.#q.issue.run(tokenHash, operatorId, at, expiresAt, at, at);
  }

  async session(tokenHash: string, now: number): Promise<CredentialOwner | undefined> {
    return await this.#q.liveSession.get(tokenHash, now);
  }

  /** Records a request of the session at `at` (the idle timeout counts from it). */
  async touchSession(tokenHash: string, at: number): Promise<void> {
    await this.#q.touchSession.run(at, tokenHash);
  }

  /** Records a TOTP code given on the session at `at` (its step-up window starts again). */
  async stepUpSession(tokenHash: string, at: number): Promise<void> {
    await this.#q.stepUp.run(at, at, tokenHash);
  }

  async revokeSession(tokenHash: string, at: number): Promise<void> {
    await this.#q.revokeSession.run(at, tokenHash);
  }

  /** Revokes every live session of the operator but `keepHash` (the caller's own, when given). */
  async revokeSessionsOf(operatorId: number, at: number, keepHash: string | null = null): Promise<void> {
    await this.#q.revokeSessionsOf.run(at, operatorId, keepHash, keepHash);
  }

  async createToken(operatorId: number, label: string, tokenHash: string, at: number): Promise<number> {
    return (await this.#q.insertToken.get(operatorId, label, tokenHash, at))!;
  }

  async token(tokenHash: string): Promise<CredentialOwner | undefined> {
    return await this.#q.liveToken.get(tokenHash);
  }

  async touchToken(id: number, at: number): Promise<void> {
    await this.#q.touchToken.run(at, id);
  }

  tokensOf(operatorId: number): Promise<OpsTokenInfo[]> {
    return this.#q.tokensOf.all(operatorId);
  }

  /** Revokes the operator's own token `id`; undefined when it is not theirs. */
  async revokeToken(id: number, operatorId: number, at: number): Promise<OpsTokenInfo | undefined> {
    return (await this.#q.revokeToken.all(at, id, operatorId))[0];
  }
}
