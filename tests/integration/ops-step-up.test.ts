// Issue 26, Security: money-affecting decisions are re-authenticated with TOTP. A console session
// takes them within its step-up window (opened by the sign-in's code or a later one), else with a
// fresh code in `totp`; a personal token always brings one; replays and guesses are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAuditRow, OpsTokenInfo, Withdrawal } from '../../domain';
import { opsData } from '../support/deposits';
import { asOperator, codeAt, createOperator, type TestOperator } from '../support/operators';
import type { TestServer } from '../support/server';
import { callOps, requestWithdraw, startWithdrawServer, withdrawer } from '../support/withdrawals';

/** The step-up window of this server, in ms: short, so a test can outlive it. */
const STEP_UP_MS = 1_500;

let server: TestServer;
let admin: TestOperator;
let n = 0;
beforeAll(async () => {
  server = await startWithdrawServer({ sim: false, config: { opsStepUpMs: STEP_UP_MS } });
  admin = await createOperator(server.origin, 'stepup-admin', 'admin');
});
afterAll(() => server?.close());

const reviewer = () => createOperator(server.origin, `stepup-rev-${++n}`, 'reviewer');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past the step-up window of the newest code. */
const windowCloses = () => pause(STEP_UP_MS + 300);

/** A USDT withdrawal waiting for review. */
async function withdrawalInReview(): Promise<number> {
  const u = await withdrawer(server);
  return ((await requestWithdraw(server.origin, u)).body!.data as { id: number }).id;
}

async function statusOf(id: number): Promise<string> {
  const r = await callOps(server.origin, 'GET', 'withdrawals', { before: id + 1, limit: 1 });
  return (r.body.data as Withdrawal[])[0]!.status;
}

function approve(op: { token: string }, id: number, totp?: string) {
  return asOperator(server.origin, op.token, 'withdrawals/approve', {
    id,
    txid: `tx-step-up-${id}`,
    ...(totp !== undefined && { totp }),
  });
}

async function audit(operator: string, action: string): Promise<OpsAuditRow[]> {
  return opsData<OpsAuditRow[]>(
    await asOperator(server.origin, admin.token, 'actions', { operator, action }, 'GET'),
  );
}

describe('re-authentication of money-affecting decisions', () => {
  it('lets a console session decide within the window its sign-in code opened', async () => {
    // The withdrawal first: the sign-in's window is short here, so nothing slow runs inside it.
    const id = await withdrawalInReview();
    const rev = await reviewer();
    expect(opsData<{ status: string }>(await approve(rev, id)).status).toBe('approved');
  });

  it('once the window has closed, asks for a code and leaves the withdrawal in review', async () => {
    const rev = await reviewer();
    const id = await withdrawalInReview();
    await windowCloses();
    const r = await approve(rev, id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ key: 'opsTotpRequired', field: 'totp' });
    expect(await statusOf(id)).toBe('review');
  });

  it('takes a fresh code, journals it, and opens the window again for the next decision', async () => {
    const rev = await reviewer();
    const [first, second] = [await withdrawalInReview(), await withdrawalInReview()];
    await windowCloses();
    // The sign-in used the current step's code; the next step's is fresh (the window accepts ±1 step).
    expect(opsData<{ status: string }>(await approve(rev, first, codeAt(rev.secret, 1))).status).toBe(
      'approved',
    );
    expect(await audit(rev.name, 'operator.stepUp')).toHaveLength(1);
    expect(opsData<{ status: string }>(await approve(rev, second)).status).toBe('approved');
  });

  it('refuses a replayed code and a wrong one, journals the failures, and changes nothing', async () => {
    // Taken before the sign-in: its step is the sign-in's or an earlier one, whatever the clock does.
    const signIn = Date.now();
    const rev = await reviewer();
    const id = await withdrawalInReview();
    await windowCloses();
    // The sign-in's own code is a replay.
    const replay = await approve(rev, id, codeAt(rev.secret, 0, signIn));
    expect(replay.body).toMatchObject({ key: 'opsTotpInvalid', field: 'totp' });
    const wrong = await approve(rev, id, '12345');
    expect(wrong.body).toMatchObject({ key: 'opsTotpInvalid', field: 'totp' });
    expect(await statusOf(id)).toBe('review');
    const failed = await audit(rev.name, 'operator.stepUpFailed');
    expect(failed).toHaveLength(2);
    expect(failed[0]!.ip).toBe('127.0.0.1');
    // A code given once cannot be given again, window open or not.
    const fresh = codeAt(rev.secret, 1);
    expect(opsData<{ status: string }>(await approve(rev, id, fresh)).status).toBe('approved');
    const again = await approve(rev, await withdrawalInReview(), fresh);
    expect(again.body).toMatchObject({ key: 'opsTotpInvalid' });
  });

  it('refuses every code for a while after five wrong ones in a row', async () => {
    const rev = await reviewer();
    const id = await withdrawalInReview();
    // Five digits: never a right code.
    for (let i = 0; i < 5; i++) {
      expect((await approve(rev, id, `1234${i}`)).body).toMatchObject({ key: 'opsTotpInvalid' });
    }
    const locked = await approve(rev, id, codeAt(rev.secret, 1));
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ key: 'rateLimited' });
    expect(await statusOf(id)).toBe('review');
  });

  it('asks a personal token (the CLI) for a code on every money decision, as `totp`', async () => {
    const rev = await reviewer();
    const created = opsData<OpsTokenInfo & { token: string }>(
      await asOperator(server.origin, rev.token, 'tokens/create', { label: 'cli' }),
    );
    const id = await withdrawalInReview();
    // The console session's window is open, but a token has none of its own.
    expect((await approve({ token: created.token }, id)).body).toMatchObject({ key: 'opsTotpRequired' });
    const done = await approve({ token: created.token }, id, codeAt(rev.secret, 1));
    expect(opsData<{ status: string }>(done).status).toBe('approved');
  });

  it('does not ask on decisions that move no money, nor on reads', async () => {
    const rev = await reviewer();
    await windowCloses();
    const list = await asOperator(server.origin, rev.token, 'withdrawals', { status: 'review' }, 'GET');
    expect(list.body.code).toBe(200);
    const kyc = await asOperator(server.origin, rev.token, 'kyc/approve', { id: 999_999 });
    expect(kyc.body.key).not.toMatch(/^opsTotp/);
  });

  it('leaves the shared token of demo mode without a second factor (demo mode only)', async () => {
    const id = await withdrawalInReview();
    const r = await callOps(server.origin, 'POST', 'withdrawals/approve', { id, txid: 'tx-demo-000001' });
    expect(r.body.code).toBe(200);
  });
});
