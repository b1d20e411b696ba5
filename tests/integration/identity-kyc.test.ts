import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawQuota } from '../../domain';
import type { CreditReport } from '../../domain/identity-credit';
import type { KycView } from '../../domain/identity-endpoints';
import { defaultModules } from '../../server/app';
import { UploadClaims, UploadStore } from '../../server/shared/uploads';
import { watchPrivate } from '../support/private-events';
import type { TestServer } from '../support/server';
import { call, dataOf, errorText } from '../support/assets';
import { serverEngine, withServerDb } from '../support/server-db';
import { opsCall, setTradePassword, TRADE_PWD, uploadProof } from '../support/bank';
import { kycForm, kycState, kycUser, startIdentityServer, submitKyc } from '../support/identity';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startIdentityServer();
  origin = server.origin;
});
afterAll(() => server?.close());

/** `user/info` is a variant-4 endpoint: `{ type: 'ok', message }`. */
const userInfo = async (token: string) =>
  (await call(origin, 'user/info', token)).body.message as { kyc: string; creditScore: number };
const status = async (token: string) => dataOf<KycView>(await call(origin, 'kyc/status', token));

describe('identity verification', () => {
  it('goes from not verified to under review to rejected with the reason, then to verified', async () => {
    const me = await kycUser(origin);
    const watch = await watchPrivate(origin, me.token);
    expect(await status(me.token)).toEqual({ state: 'none', submission: null });

    const sent = await submitKyc(origin, me.token, kycForm(me.photos, { name: '  Li   Lei ' }));
    expect(sent).toMatchObject({
      state: 'review',
      submission: { name: 'Li Lei', docType: 'idCard', idNumber: '11**************2X', status: 'review' },
    });
    expect((await userInfo(me.token)).kyc).toBe('review');

    // A second submission while one is under review is refused and stores nothing.
    const before = await kycState(server.dataDir, me.id);
    const again = await call(origin, 'kyc/submit', me.token, kycForm(me.photos), 'en');
    expect(again.body).toMatchObject({ code: 400, msg: errorText('en', 'kycUnderReview') });
    expect(await kycState(server.dataDir, me.id)).toEqual(before);

    // The operator sees the whole number and the photos, and refuses with a reason.
    const queue = await opsCall(origin, 'GET', 'kyc', { status: 'review' });
    const mine = (queue.body.data as { id: number; userId: number; idNumber: string }[]).find(
      (r) => r.userId === me.id,
    )!;
    expect(mine.idNumber).toBe('11010519491231002X');
    const photo = await opsCall(origin, 'GET', 'uploads/get', { id: me.photos.handId });
    expect(photo.body.data.userId).toBe(me.id);
    const noReason = await opsCall(origin, 'POST', 'kyc/reject', { id: mine.id, reason: '  ' });
    expect(noReason.body.code).not.toBe(200);
    const rejected = await opsCall(origin, 'POST', 'kyc/reject', {
      id: mine.id,
      reason: 'The hand-held photo is blurred',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: 'alice' });
    // The user's open pages are told at once over the private channel.
    await expect
      .poll(() => watch.events.filter((e) => e.type === 'kyc'))
      .toEqual([{ type: 'kyc', state: 'rejected' }]);
    expect(await status(me.token)).toMatchObject({
      state: 'rejected',
      submission: { status: 'rejected', reason: 'The hand-held photo is blurred' },
    });
    // A decided submission cannot be decided again.
    const twice = await opsCall(origin, 'POST', 'kyc/approve', { id: mine.id });
    expect(twice.body.code).not.toBe(200);
    expect((await userInfo(me.token)).kyc).toBe('none');

    // Photos of the refused submission are kept with it and cannot back a new one.
    const reused = await call(origin, 'kyc/submit', me.token, kycForm(me.photos));
    expect(reused.body).toMatchObject({ code: 400, field: 'frontId' });

    const fresh = {
      frontId: await uploadProof(origin, me.token),
      backId: await uploadProof(origin, me.token),
      handId: await uploadProof(origin, me.token),
    };
    await submitKyc(origin, me.token, kycForm(fresh, { docType: 'passport', idNumber: 'E1234567' }));
    const second = (await opsCall(origin, 'GET', 'kyc', { status: 'review' })).body.data.find(
      (r: { userId: number }) => r.userId === me.id,
    ) as { id: number };
    const approved = await opsCall(origin, 'POST', 'kyc/approve', { id: second.id }, 'bob');
    expect(approved.body.data).toMatchObject({ status: 'verified', decidedBy: 'bob' });
    await expect.poll(() => watch.events.filter((e) => e.type === 'kyc').length).toBe(2);
    expect(watch.events.filter((e) => e.type === 'kyc').at(-1)).toEqual({ type: 'kyc', state: 'verified' });
    watch.close();
    expect(await status(me.token)).toMatchObject({
      state: 'verified',
      submission: { docType: 'passport', idNumber: 'E1****67' },
    });

    // Each decision is journaled with the operator's name.
    const actions = await withServerDb(server.dataDir, (db) =>
      db.all<{ operator: string; action: string; detail: string }>(
        `select operator, action, detail from ops_actions where target_type = 'identity_kyc' and target_id in (?, ?) order by id`,
        String(mine.id),
        String(second.id),
      ),
    );
    expect(actions.map((a) => [a.operator, a.action])).toEqual([
      ['alice', 'kyc.reject'],
      ['bob', 'kyc.approve'],
    ]);
    expect(JSON.parse(actions[0]!.detail)).toMatchObject({ reason: 'The hand-held photo is blurred' });

    // Verification raises the daily withdrawal limit from the catalog, and the credit score.
    const quota = dataOf<WithdrawQuota>(
      await call(origin, 'assets/withdrawInfo', me.token, { coin: 'USDT', chain: 'TRC20' }),
    );
    expect(quota).toMatchObject({ verified: true, dailyLimit: '100000.000000' });
    const credit = dataOf<CreditReport>(await call(origin, 'credit/score', me.token));
    expect(credit.factors.find((f) => f.key === 'identity')).toMatchObject({ points: 20, fact: 1 });
    expect((await userInfo(me.token)).creditScore).toBe(credit.score);

    // Once verified, nothing more is accepted.
    const more = await call(origin, 'kyc/submit', me.token, kycForm(fresh), 'en');
    expect(more.body).toMatchObject({ msg: errorText('en', 'kycAlreadyVerified') });
  });

  it('refuses malformed input with a localized message naming the field and stores nothing', async () => {
    const me = await kycUser(origin);
    const other = await kycUser(origin);
    const before = await kycState(server.dataDir, me.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ name: '' }, 'name', 'required'],
      [{ name: 'L' }, 'name', 'kycNameFormat'],
      [{ name: 'Li <script>' }, 'name', 'kycNameFormat'],
      [{ docType: 'licence' }, 'docType', 'kycDocType'],
      [{ idNumber: '' }, 'idNumber', 'required'],
      [{ idNumber: '12AB!' }, 'idNumber', 'kycIdNumberFormat'],
      // 18 digits with a wrong check character.
      [{ idNumber: '110105194912310021' }, 'idNumber', 'kycIdNumberFormat'],
      [{ docType: 'passport', idNumber: 'ABCDEFGHIJ' }, 'idNumber', 'kycIdNumberFormat'],
      [{ frontId: '' }, 'frontId', 'kycPhotoRequired'],
      [{ backId: 'f'.repeat(32) }, 'backId', 'kycPhotoRequired'],
      // Someone else's upload is no photo of mine.
      [{ handId: other.photos.handId }, 'handId', 'kycPhotoRequired'],
      [{ handId: me.photos.frontId }, 'handId', 'kycPhotoReused'],
    ];
    for (const [fields, field, key] of cases) {
      const reply = await call(origin, 'kyc/submit', me.token, kycForm(me.photos, fields), 'id');
      expect(reply.body, JSON.stringify(fields)).toMatchObject({
        code: 400,
        field,
        msg: errorText('id', key),
      });
    }
    expect(await kycState(server.dataDir, me.id)).toEqual(before);
    expect(await status(me.token)).toEqual({ state: 'none', submission: null });
  });

  it('keeps the photos of a submission when unused uploads are swept', async () => {
    const me = await kycUser(origin);
    await submitKyc(origin, me.token, kycForm(me.photos));
    const stray = await uploadProof(origin, me.token);
    // A second writer on the server's database: its commands wait for the server's locks.
    const engine = serverEngine(server.dataDir);
    try {
      const dir = `${server.dataDir}/uploads`;
      // The claims every module of the server declares, as startServer gathers them.
      const claims = new UploadClaims(
        engine,
        defaultModules().flatMap((m) => m.uploadClaims ?? []),
      );
      const removed = await new UploadStore(engine, dir, claims).sweepUnattached(Date.now() + 1000);
      const left = (
        await withServerDb(server.dataDir, (db) =>
          db.all<{ id: string }>('select id from uploads where user_id = ?', me.id),
        )
      ).map((r) => r.id);
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(left).toEqual(expect.arrayContaining(Object.values(me.photos)));
      expect(left).not.toContain(stray);
    } finally {
      await engine.close();
    }
  });

  it('refuses a photo of a submission as the proof of a bank deposit', async () => {
    const me = await kycUser(origin);
    await submitKyc(origin, me.token, kycForm(me.photos));
    await setTradePassword(origin, me.account, me.token);
    dataOf(
      await call(origin, 'user/bindCard', me.token, {
        bank: 'Bank of Tests',
        branch: 'Main St',
        cardNumber: '6222020000001234567',
        holder: 'Li Lei',
        tradePassword: TRADE_PWD,
      }),
    );
    const reply = await call(origin, 'assets/bankDeposit', me.token, {
      amount: '100',
      payerName: 'Li Lei',
      reference: 'REF-9',
      proofId: me.photos.frontId,
    });
    expect(reply.body).toMatchObject({ code: 400, field: 'proofId' });
  });

  it('keeps the operator routes behind the operator token', async () => {
    const res = await fetch(`${origin}/api/ops/kyc/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator': 'mallory' },
      body: JSON.stringify({ id: 1 }),
    });
    expect(res.status).toBe(401);
  });
});
