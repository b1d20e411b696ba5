import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertUser, openTestDatabase, type Db } from '../../support/db';
import { sql, statementsOf } from '../../../server/db';
import { SessionStore } from '../../../server/mine/sessions';
import {
  hashCode,
  hashToken,
  newCode,
  newPromoCode,
  newToken,
  sameDigest,
  setCodeHashKey,
} from '../../../server/mine/tokens';
import { createHash } from 'node:crypto';

describe('tokens', () => {
  it('makes 32-byte base64url tokens that differ every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
  });

  it('hashes tokens with SHA-256 to 64 hex characters, deterministically', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).toBe(hashToken('abc'));
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
    expect(sameDigest(hashToken('abc'), hashToken('abc'))).toBe(true);
    expect(sameDigest(hashToken('abc'), hashToken('abd'))).toBe(false);
  });

  it('binds code hashes to account and scene', () => {
    expect(hashCode('a', 'register', '123456')).not.toBe(hashCode('a', 'forget', '123456'));
    expect(hashCode('a', 'register', '123456')).not.toBe(hashCode('b', 'register', '123456'));
  });

  it('keys code hashes: the table alone cannot be reversed by hashing every code', () => {
    const plain = createHash('sha256').update('a\nregister\n123456', 'utf8').digest('hex');
    const keyed = hashCode('a', 'register', '123456');
    expect(keyed).not.toBe(plain);
    // Two instances with the same CODE_HASH_KEY agree; another key gives another hash.
    setCodeHashKey('k'.repeat(32));
    const first = hashCode('a', 'register', '123456');
    setCodeHashKey('j'.repeat(32));
    expect(hashCode('a', 'register', '123456')).not.toBe(first);
    setCodeHashKey('k'.repeat(32));
    expect(hashCode('a', 'register', '123456')).toBe(first);
  });

  it('makes six-digit codes and eight-character promo codes', () => {
    for (let i = 0; i < 200; i++) {
      expect(newCode()).toMatch(/^\d{6}$/);
      expect(newPromoCode()).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    }
  });
});

describe('SessionStore', () => {
  let db: Db;
  let now: number;
  let sessions: SessionStore;
  beforeEach(async () => {
    db = await openTestDatabase(':memory:');
    now = 1_700_000_000_000;
    sessions = new SessionStore(db.engine, 3_600_000, () => now);
    insertUser(db.sqlite, 1);
  });
  afterEach(() => db.close());

  it('stores only the token hash and resolves the token until it expires', async () => {
    const { token, expiresAt } = await sessions.issue(1);
    expect(expiresAt).toBe(now + 3_600_000);
    const rows = await statementsOf(db.engine, {
      all: sql<[], Record<string, unknown>>('select * from sessions'),
    }).all.all();
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await sessions.resolve(token)).toEqual({ userId: 1, tokenHash: hashToken(token), expiresAt });
    now = expiresAt;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('rejects revoked, unknown and empty tokens; revokeAllOf keeps the given session', async () => {
    const a = await sessions.issue(1);
    const b = await sessions.issue(1);
    const c = await sessions.issue(1);
    await sessions.revoke(hashToken(a.token));
    expect(await sessions.resolve(a.token)).toBeNull();
    await sessions.revokeAllOf(1, hashToken(b.token));
    expect(await sessions.resolve(b.token)).not.toBeNull();
    expect(await sessions.resolve(c.token)).toBeNull();
    expect(await sessions.resolve(newToken())).toBeNull();
    expect(await sessions.resolve('')).toBeNull();
  });

  it('announces the hashes of the sessions each revocation ended, and moves the counter', async () => {
    const a = await sessions.issue(1);
    const b = await sessions.issue(1);
    const c = await sessions.issue(1);
    const heard: string[][] = [];
    sessions.onRevoke((hashes) => heard.push([...hashes].sort()));
    const before = sessions.revocations();
    await sessions.revoke(hashToken(a.token));
    await sessions.revoke(hashToken(a.token)); // already revoked: nothing to announce
    await sessions.revokeAllOf(1, hashToken(b.token));
    expect(heard).toEqual([[hashToken(a.token)], [hashToken(c.token)]]);
    expect(sessions.revocations()).toBe(before + 3);
  });

  it('issues and revokes as steps of a command: nothing of a failed command stays or is announced', async () => {
    const kept = await sessions.issue(1);
    const heard: string[][] = [];
    sessions.onRevoke((hashes) => heard.push([...hashes]));
    const before = sessions.revocations();
    let dropped = '';
    const refusal = new Error('the change failed after its steps');
    await expect(
      db.engine.writer.run(async () => {
        dropped = (await sessions.issue(1)).token;
        await sessions.revokeAllOf(1);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await sessions.resolve(dropped)).toBeNull();
    expect(await sessions.resolve(kept.token)).not.toBeNull();
    expect(heard).toEqual([]);
    expect(sessions.revocations()).toBe(before);
  });

  it('announces a revocation only once it is committed and readable', async () => {
    const a = await sessions.issue(1);
    const seen: Array<unknown> = [];
    sessions.onRevoke(() => {
      // A listener re-resolving the token (as the socket layer may) must find it revoked.
      seen.push(sessions.resolve(a.token));
    });
    let heardInside = -1;
    await db.engine.writer.run(async () => {
      await sessions.revoke(hashToken(a.token));
      heardInside = seen.length;
    });
    expect(heardInside).toBe(0);
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toBeNull();
  });
});
