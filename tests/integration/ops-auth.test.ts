import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPS_TICKET_MS, type OpsAuditRow, type OpsLoginStep, type OpsTokenInfo } from '../../domain';
import { opsCall, opsData } from '../support/deposits';
import {
  asOperator,
  codeAt,
  createOperator,
  OPS_TEST_PASSWORD,
  type TestOperator,
} from '../support/operators';
import { startTestServer, type TestServer } from '../support/server';
import { withServerDb } from '../support/server-db';

const anon = { token: null, operator: null } as const;

let server: TestServer;
let admin: TestOperator;
beforeAll(async () => {
  server = await startTestServer({ operatorToken: 'test-token', simMarket: false, simChain: false });
  admin = await createOperator(server.origin, 'root', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const passwordStep = (name: string, password: string) =>
  opsCall(server.origin, 'auth/login', { name, password }, anon);
const totp = (ticket: string, code: string) => opsCall(server.origin, 'auth/totp', { ticket, code }, anon);
const actions = async (filter: Record<string, string>) =>
  opsData<OpsAuditRow[]>(await asOperator(server.origin, admin.token, 'actions', filter, 'GET'));

describe('operator sign-in', () => {
  it('answers an unknown name and a wrong password alike, and journals both with the name and IP', async () => {
    await createOperator(server.origin, 'carol', 'viewer');
    const unknown = await passwordStep('nobody', OPS_TEST_PASSWORD);
    const wrong = await passwordStep('carol', 'not the password at all');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toMatchObject({ key: 'opsSignInFailed', field: 'password' });
    const failed = await actions({ action: 'operator.signInFailed' });
    expect(failed.map((a) => a.operator)).toEqual(expect.arrayContaining(['nobody', 'carol']));
    for (const row of failed) expect(row.ip).toBe('127.0.0.1');
  });

  it('enrols TOTP on the first sign-in: the offered secret, confirmed by its first good code', async () => {
    opsData(
      await opsCall(server.origin, 'operators/create', {
        name: 'dave',
        role: 'reviewer',
        password: OPS_TEST_PASSWORD,
      }),
    );
    const step = opsData<OpsLoginStep>(await passwordStep('dave', OPS_TEST_PASSWORD));
    const t0 = Date.now();
    expect(step.step).toBe('enrol');
    if (step.step !== 'enrol') return;
    expect(step.otpauthUri).toMatch(/^otpauth:\/\/totp\/Exchange%20ops:dave\?/);
    expect(step.otpauthUri).toContain(`secret=${step.secret}`);
    expect(step.otpauthUri).toMatch(/issuer=Exchange%20ops/);
    expect(step.otpauthUri).toMatch(/period=30/);
    // A wrong code neither enrols nor spends the ticket.
    const wrongCode = String((Number(codeAt(step.secret, 0, t0)) + 1) % 1_000_000).padStart(6, '0');
    expect((await totp(step.ticket, wrongCode)).body).toMatchObject({ key: 'opsTotpInvalid' });
    const session = opsData<{ token: string; me: { name: string; role: string } }>(
      await totp(step.ticket, codeAt(step.secret, 0, t0)),
    );
    expect(session.me).toMatchObject({ name: 'dave', role: 'reviewer' });
    const me = opsData(await asOperator(server.origin, session.token, 'auth/me', {}, 'GET'));
    expect(me).toMatchObject({ name: 'dave', duties: ['read', 'review', 'self'] });
    // The ticket is spent once used.
    expect((await totp(step.ticket, codeAt(step.secret, 1, t0))).body).toMatchObject({
      key: 'opsTicketExpired',
    });

    // The next sign-in asks for a code; the code of a step already used is refused (replay).
    const again = opsData<OpsLoginStep>(await passwordStep('dave', OPS_TEST_PASSWORD));
    expect(again.step).toBe('totp');
    expect((await totp(again.ticket, codeAt(step.secret, 0, t0))).body).toMatchObject({
      key: 'opsTotpInvalid',
    });
    const next = opsData<{ token: string }>(await totp(again.ticket, codeAt(step.secret, 1, t0)));
    expect(next.token).not.toBe(session.token);
    const third = opsData<OpsLoginStep>(await passwordStep('dave', OPS_TEST_PASSWORD));
    expect((await totp(third.ticket, codeAt(step.secret, 1, t0))).body).toMatchObject({
      key: 'opsTotpInvalid',
    });

    const rows = await actions({ operator: 'dave', action: 'operator.signIn' });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ ip: '127.0.0.1', after: '{"totpEnrolled":true}' });
  });

  it('refuses an expired ticket', async () => {
    const op = await createOperator(server.origin, 'erin', 'support');
    const step = opsData<OpsLoginStep>(await passwordStep('erin', OPS_TEST_PASSWORD));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + OPS_TICKET_MS + 1_000 });
    try {
      expect((await totp(step.ticket, codeAt(op.secret, 0))).body).toMatchObject({ key: 'opsTicketExpired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a disabled operator at once: sessions, tokens and sign-in', async () => {
    const op = await createOperator(server.origin, 'frank', 'viewer');
    const { token } = opsData<{ token: string }>(
      await asOperator(server.origin, op.token, 'tokens/create', { label: 'laptop' }),
    );
    expect((await asOperator(server.origin, token, 'auth/me', {}, 'GET')).status).toBe(200);
    const disabled = opsData<{ disabled: boolean }>(
      await asOperator(server.origin, admin.token, 'operators/disable', {
        id: op.id,
        reason: 'left the team',
      }),
    );
    expect(disabled.disabled).toBe(true);
    expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(401);
    expect((await asOperator(server.origin, token, 'auth/me', {}, 'GET')).status).toBe(401);
    expect((await passwordStep('frank', OPS_TEST_PASSWORD)).body).toMatchObject({
      key: 'opsOperatorDisabled',
    });
    const [row] = await actions({ action: 'operator.disable', targetId: String(op.id) });
    expect(row).toMatchObject({ operator: 'root', ip: '127.0.0.1' });
    expect(JSON.parse(row!.detail)).toEqual({ reason: 'left the team' });
    expect(JSON.parse(row!.before!)).toMatchObject({ disabled: false });
    expect(JSON.parse(row!.after!)).toMatchObject({ disabled: true });
    // An admin cannot disable themselves.
    const self = await asOperator(server.origin, admin.token, 'operators/disable', {
      id: admin.id,
      reason: 'x',
    });
    expect(self.body).toMatchObject({ key: 'opsSelfChange' });
  });

  it('signs out, and a session token is then refused', async () => {
    const op = await createOperator(server.origin, 'gina', 'viewer');
    expect((await asOperator(server.origin, op.token, 'auth/logout')).status).toBe(200);
    expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(401);
  });

  it('refuses a name that exists and a short password', async () => {
    const dup = await asOperator(server.origin, admin.token, 'operators/create', {
      name: 'root',
      role: 'viewer',
      password: OPS_TEST_PASSWORD,
    });
    expect(dup.body).toMatchObject({ key: 'opsNameTaken', field: 'name' });
    const short = await asOperator(server.origin, admin.token, 'operators/create', {
      name: 'hank',
      role: 'viewer',
      password: 'short',
    });
    expect(short.body).toMatchObject({ key: 'opsPasswordShort' });
  });
});

describe('personal API tokens', () => {
  it('shows the secret once, keeps only its hash, records its last use, and refuses it once revoked', async () => {
    const op = await createOperator(server.origin, 'ivan', 'reviewer');
    const created = opsData<OpsTokenInfo & { token: string }>(
      await asOperator(server.origin, op.token, 'tokens/create', { label: 'cli' }),
    );
    expect(created.token).toMatch(/^opt_[A-Za-z0-9_-]{43}$/);
    expect(created.lastUsedAt).toBeNull();
    const listed = opsData<Array<Record<string, unknown>>>(
      await asOperator(server.origin, op.token, 'tokens', {}, 'GET'),
    );
    expect(listed).toEqual([
      { id: created.id, label: 'cli', createdAt: created.createdAt, lastUsedAt: null, revokedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const stored = await withServerDb(server.dataDir, (db) =>
      db.all<{ token_hash: string }>('select token_hash from ops_tokens where id = ?', created.id),
    );
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(created.token).digest('hex') }]);

    const me = opsData(await asOperator(server.origin, created.token, 'auth/me', {}, 'GET'));
    expect(me).toMatchObject({ name: 'ivan', role: 'reviewer' });
    const used = opsData<OpsTokenInfo[]>(await asOperator(server.origin, op.token, 'tokens', {}, 'GET'));
    expect(used[0]!.lastUsedAt).toBeGreaterThanOrEqual(created.createdAt);

    // Another operator cannot revoke it.
    expect((await asOperator(server.origin, admin.token, 'tokens/revoke', { id: created.id })).status).toBe(
      404,
    );
    const revoked = opsData<OpsTokenInfo>(
      await asOperator(server.origin, op.token, 'tokens/revoke', { id: created.id }),
    );
    expect(revoked.revokedAt).not.toBeNull();
    expect((await asOperator(server.origin, created.token, 'auth/me', {}, 'GET')).status).toBe(401);
  });
});
