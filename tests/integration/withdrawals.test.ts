import { describe, expect, it } from 'vitest';
import { toUnits, type JournalLine, type Withdrawal, type WithdrawQuota } from '../../domain';
import { watchPrivate } from '../support/private-events';
import { call, dataOf, errorText } from '../support/assets';
import { checkedServer } from '../support/suite';
import {
  ADDR,
  approve,
  callOps,
  fullSnapshot,
  holdings,
  requestWithdraw,
  startWithdrawServer,
  withdrawer,
  type TestUser,
} from '../support/withdrawals';

// No market simulator here: its trading fees also reach the house account, and these tests check
// the house and world totals to the unit.
const env = checkedServer(() => startWithdrawServer({ sim: false }));

const quota = async (u: TestUser) =>
  dataOf<WithdrawQuota>(
    await call(env.origin, 'assets/withdrawInfo', u.token, { coin: 'USDT', chain: 'TRC20' }),
  );
const history = async (u: TestUser, fields: Record<string, string | number> = {}) =>
  dataOf<Withdrawal[]>(await call(env.origin, 'assets/withdrawals', u.token, fields));
const actionsOf = async (id: number) => {
  const r = await callOps(env.origin, 'GET', 'actions', { limit: 500 });
  return (r.body.data as Array<{ operator: string; action: string; targetType: string; targetId: string }>)
    .filter((a) => a.targetType === 'withdrawals' && a.targetId === String(id))
    .map((a) => [a.operator, a.action]);
};

describe('withdrawal to a bound address', () => {
  it('freezes on request, then approval pays the user’s money out: fee to the house, the rest to the world', async () => {
    const u = await withdrawer(env.server, '100');
    expect(await quota(u)).toEqual({
      coin: 'USDT',
      chain: 'TRC20',
      withdrawable: '100.000000',
      awaitingConfirmations: '0.000000',
      fee: '1.000000',
      min: '10.000000',
      dailyLimit: '2000.000000',
      usedToday: '0.000000',
      remainingToday: '2000.000000',
      verified: false,
      boundAddress: ADDR.TRC20,
    });
    const start = await holdings(env.server.dataDir, u.id);

    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '25.5' }));
    expect(w).toMatchObject({
      coin: 'USDT',
      chain: 'TRC20',
      address: ADDR.TRC20,
      amount: '25.500000',
      fee: '1.000000',
      receive: '24.500000',
      status: 'review',
      txid: null,
      reason: null,
      decidedAt: null,
    });
    expect(await holdings(env.server.dataDir, u.id)).toEqual({
      ...start,
      available: toUnits('74.5'),
      frozen: toUnits('25.5'),
    });
    expect(await quota(u)).toMatchObject({
      withdrawable: '74.500000',
      usedToday: '25.500000',
      remainingToday: '1974.500000',
    });
    const pending = await callOps(env.origin, 'GET', 'withdrawals', { status: 'review', account: u.account });
    expect(pending.body.data).toEqual([{ ...w, userId: u.id, account: u.account, decidedBy: null }]);

    const done = await approve(env.origin, w.id, '0xabc_DEF-12345678', 'carol');
    expect(done).toMatchObject({
      id: w.id,
      status: 'approved',
      txid: '0xabc_DEF-12345678',
      decidedBy: 'carol',
    });
    const end = await holdings(env.server.dataDir, u.id);
    expect(end).toEqual({
      available: toUnits('74.5'),
      frozen: 0n,
      house: start.house + toUnits('1'),
      world: start.world + toUnits('24.5'),
    });

    const [seen] = await history(u);
    expect(seen).toMatchObject({
      id: w.id,
      status: 'approved',
      txid: '0xabc_DEF-12345678',
      receive: '24.500000',
    });
    expect(seen!.decidedAt).toBeGreaterThanOrEqual(seen!.createdAt);
    // Approved withdrawals still count against today's limit.
    expect(await quota(u)).toMatchObject({ usedToday: '25.500000', withdrawable: '74.500000' });

    const journal = dataOf<JournalLine[]>(
      await call(env.origin, 'assets/journal', u.token, { coin: 'USDT' }),
    );
    expect(journal.slice(0, 2).map((l) => [l.kind, l.field, l.delta, l.refType, l.refId])).toEqual([
      ['withdraw.send', 'frozen', '-25.50000000', 'withdrawals', String(w.id)],
      ['withdraw.freeze', 'frozen', '25.50000000', 'withdrawals', String(w.id)],
    ]);
    expect(await actionsOf(w.id)).toEqual([['carol', 'withdrawal.approve']]);
  });

  it('rejection unfreezes the amount and frees today’s limit', async () => {
    const u = await withdrawer(env.server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '30' }));
    expect(await holdings(env.server.dataDir, u.id)).toMatchObject({
      available: toUnits('70'),
      frozen: toUnits('30'),
    });
    const r = await callOps(
      env.origin,
      'POST',
      'withdrawals/reject',
      { id: w.id, reason: 'address flagged' },
      'bob',
    );
    expect(r.body).toMatchObject({
      code: 200,
      data: { status: 'rejected', reason: 'address flagged', decidedBy: 'bob' },
    });
    expect(await holdings(env.server.dataDir, u.id)).toMatchObject({ available: toUnits('100'), frozen: 0n });
    expect(await history(u)).toMatchObject([
      { id: w.id, status: 'rejected', reason: 'address flagged', txid: null },
    ]);
    expect(await quota(u)).toMatchObject({ usedToday: '0.000000', withdrawable: '100.000000' });
    expect(await actionsOf(w.id)).toEqual([['bob', 'withdrawal.reject']]);
  });

  it('the user may cancel while in review; the amount is unfrozen and the record closed', async () => {
    const u = await withdrawer(env.server, '50');
    const before = (await fullSnapshot(env.server.dataDir, u.id)) as { balances: unknown };
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '12' }));
    const c = dataOf<Withdrawal>(await call(env.origin, 'assets/withdrawCancel', u.token, { id: w.id }));
    expect(c).toMatchObject({ id: w.id, status: 'cancelled', amount: '12.000000' });
    expect(((await fullSnapshot(env.server.dataDir, u.id)) as { balances: unknown }).balances).toEqual(
      before.balances,
    );
    expect(await history(u)).toMatchObject([{ id: w.id, status: 'cancelled' }]);
    for (const lang of ['en', 'zh']) {
      const again = await call(env.origin, 'assets/withdrawCancel', u.token, { id: w.id }, lang);
      expect(again.body).toEqual({
        code: 400,
        data: null,
        msg: errorText(lang, 'recordNotPending'),
        key: 'recordNotPending',
        field: 'id',
      });
    }
    // The operator cannot pay out what the user took back.
    const late = await callOps(env.origin, 'POST', 'withdrawals/approve', { id: w.id, txid: 'deadbeef01' });
    expect(late.body).toMatchObject({ code: 400, key: 'recordNotPending' });
    expect(await actionsOf(w.id)).toEqual([]);
  });
});

describe('operator review', () => {
  it('approving twice pays once: the second answers recordNotPending and changes nothing', async () => {
    const u = await withdrawer(env.server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '40' }));
    await approve(env.origin, w.id, 'tx-first-0001');
    const after = await fullSnapshot(env.server.dataDir, u.id);
    const house = (await holdings(env.server.dataDir, u.id)).house;
    for (const [route, fields] of [
      ['withdrawals/approve', { id: w.id, txid: 'tx-second-0002' }],
      ['withdrawals/reject', { id: w.id, reason: 'too late' }],
    ] as const) {
      const again = await callOps(env.origin, 'POST', route, fields, 'dave');
      expect(again.body).toMatchObject({ code: 400, key: 'recordNotPending' });
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(after);
    expect((await holdings(env.server.dataDir, u.id)).house).toBe(house);
    expect(await history(u)).toMatchObject([{ status: 'approved', txid: 'tx-first-0001' }]);
    expect(await actionsOf(w.id)).toEqual([['alice', 'withdrawal.approve']]);
  });

  it.each<[string, string, Record<string, string>, number, string, string | undefined]>([
    ['approve without a txid', 'withdrawals/approve', { txid: '' }, 200, 'required', 'txid'],
    ['approve with a short txid', 'withdrawals/approve', { txid: 'abc123' }, 200, 'badRequest', 'txid'],
    [
      'approve with spaces in the txid',
      'withdrawals/approve',
      { txid: 'abc 12345678' },
      200,
      'badRequest',
      'txid',
    ],
    [
      'approve with a 129-character txid',
      'withdrawals/approve',
      { txid: 'a'.repeat(129) },
      200,
      'badRequest',
      'txid',
    ],
    [
      'approve an unknown id',
      'withdrawals/approve',
      { id: '99999999', txid: 'abcdef123' },
      404,
      'notFound',
      undefined,
    ],
    [
      'approve a malformed id',
      'withdrawals/approve',
      { id: '1.5', txid: 'abcdef123' },
      200,
      'badRequest',
      'id',
    ],
    ['reject without a reason', 'withdrawals/reject', { reason: ' ' }, 200, 'required', 'reason'],
    [
      'reject with a reason too long',
      'withdrawals/reject',
      { reason: 'r'.repeat(201) },
      200,
      'textTooLong',
      'reason',
    ],
  ])('refuses to %s and changes nothing', async (_, route, patch, status, key, field) => {
    const u = await withdrawer(env.server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u));
    const before = await fullSnapshot(env.server.dataDir, u.id);
    const r = await callOps(env.origin, 'POST', route, { id: String(w.id), ...patch });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ code: 400, key, ...(field && { field }) });
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
    expect(await actionsOf(w.id)).toEqual([]);
  });

  it('refuses callers without the operator token', async () => {
    const u = await withdrawer(env.server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u));
    const res = await fetch(`${env.origin}/api/ops/withdrawals/approve`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer wrong-token',
        'x-operator': 'mallory',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: w.id, txid: 'abcdef123456' }),
    });
    expect(res.status).toBe(401);
    expect(await history(u)).toMatchObject([{ status: 'review' }]);
  });

  it('lists by status and account and refuses unknown filters', async () => {
    const u = await withdrawer(env.server, '100');
    const a = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '10' }));
    const b = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '11' }));
    await approve(env.origin, a.id, 'abcdef123456');
    const list = async (fields: Record<string, string>) =>
      (
        (await callOps(env.origin, 'GET', 'withdrawals', { account: u.account, ...fields })).body
          .data as Withdrawal[]
      ).map((w) => [w.id, w.status]);
    expect(await list({})).toEqual([
      [b.id, 'review'],
      [a.id, 'approved'],
    ]);
    expect(await list({ status: 'review' })).toEqual([[b.id, 'review']]);
    expect(await list({ status: 'approved' })).toEqual([[a.id, 'approved']]);
    expect((await callOps(env.origin, 'GET', 'withdrawals', { status: 'paid' })).body).toMatchObject({
      key: 'badRequest',
      field: 'status',
    });
    expect((await callOps(env.origin, 'GET', 'withdrawals', { account: '19999999999' })).body).toMatchObject({
      key: 'accountUnknown',
    });
  });
});

describe('withdrawal history', () => {
  it('pages newest first, filters by coin and shows only the caller’s own', async () => {
    const u = await withdrawer(env.server, '200');
    const other = await withdrawer(env.server, '200');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: String(10 + i) })).id);
    const theirs = dataOf<Withdrawal>(await requestWithdraw(env.origin, other));
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await history(u, { limit: 2, ...(before && { before }) });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((w) => w.id));
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual([...ids].reverse());
    expect((await history(u, { before: theirs.id + 1 })).map((w) => w.id)).not.toContain(theirs.id);
    expect(await history(u, { coin: 'BTC' })).toEqual([]);
    const bad = await call(env.origin, 'assets/withdrawals', u.token, { coin: 'FOO' }, 'zh');
    expect(bad.body).toEqual({
      code: 400,
      data: null,
      msg: errorText('zh', 'unknownCoin'),
      key: 'unknownCoin',
      field: 'coin',
    });
  });

  it('pushes the user’s balances on request and on the operator’s decision', async () => {
    const u = await withdrawer(env.server, '60');
    const { events, close } = await watchPrivate(env.origin, u.token);
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '15' }));
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({
      type: 'balance',
      balances: [{ account: 'spot', coin: 'USDT', available: '45.00000000', frozen: '15.00000000' }],
    });
    await approve(env.origin, w.id, 'abcdef123456');
    // The balance, then the decision itself (decision-events.test.ts).
    await expect.poll(() => events.length).toBe(3);
    close();
    expect(events.slice(1)).toEqual([
      {
        type: 'balance',
        balances: [{ account: 'spot', coin: 'USDT', available: '45.00000000', frozen: '0.00000000' }],
      },
      { type: 'decision', subject: 'withdrawal', id: w.id, state: 'approved' },
    ]);
  });
});
