import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toUnits, type JournalLine, type Withdrawal } from '../../domain';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import type { RawReply } from '../support/api';
import type { TestServer } from '../support/server';
import { withServerDb, type ServerDb } from '../support/server-db';
import { call, dataOf, violations } from '../support/assets';
import {
  callOps,
  requestWithdraw,
  startWithdrawServer,
  withdrawer,
  type TestUser,
} from '../support/withdrawals';

// A small minimum on USDT/TRC20 so many 0.7 withdrawals fit in a balance of 10. The market
// simulator keeps trading through the same Ledger meanwhile.
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startWithdrawServer({
    catalog: {
      coinChains: DEFAULT_CATALOG.coinChains.map((c) =>
        c.coin === 'USDT' && c.chain === 'TRC20' ? { ...c, withdrawFee: '0.1', withdrawMin: '0.5' } : c,
      ),
    },
  });
  origin = server.origin;
});
afterAll(() => server?.close());
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

/** The user's USDT balances straight from the database, in ledger units. */
async function usdtOn(db: ServerDb, userId: number) {
  const rows = await db.all<{ account: string; available: bigint; frozen: bigint }>(
    `select account, available, frozen from balances where user_id = ? and coin = 'USDT'`,
    userId,
  );
  return Object.fromEntries(rows.map((r) => [r.account, { available: r.available, frozen: r.frozen }]));
}
const usdt = (userId: number) => withServerDb(server.dataDir, (db) => usdtOn(db, userId), { bigints: true });

const transfer = (u: TestUser) =>
  call(origin, 'assets/transfer', u.token, { from: 'spot', to: 'lever', coin: 'USDT', amount: '0.7' });
const outcome = (r: RawReply) => (r.body?.code === 200 ? 'ok' : r.body?.key);

/** Checks the end state of one user after the race: nothing overdrawn, every unit accounted for. */
async function expectAccounted(u: TestUser, withdrawn: number, transferred: number) {
  const b = await usdt(u.id);
  expect(b.spot!.frozen).toBe(toUnits('0.7') * BigInt(withdrawn));
  expect(b.lever?.available ?? 0n).toBe(toUnits('0.7') * BigInt(transferred));
  for (const x of Object.values(b)) {
    expect(x.available).toBeGreaterThanOrEqual(0n);
    expect(x.frozen).toBeGreaterThanOrEqual(0n);
  }
  const total = Object.values(b).reduce((s, x) => s + x.available + x.frozen, 0n);
  expect(total).toBe(toUnits('10'));
  const lines = dataOf<JournalLine[]>(
    await call(origin, 'assets/journal', u.token, { account: 'spot', coin: 'USDT', limit: 200 }),
  );
  const sum = (field: string) =>
    // Journal deltas carry the ledger's 8 decimals, so the digits are the units.
    lines.filter((l) => l.field === field).reduce((s, l) => s + BigInt(l.delta.replace('.', '')), 0n);
  expect(sum('available')).toBe(b.spot!.available);
  expect(sum('frozen')).toBe(b.spot!.frozen);
  const rows = dataOf<Withdrawal[]>(await call(origin, 'assets/withdrawals', u.token, { limit: 200 }));
  expect(rows).toHaveLength(withdrawn);
}

describe('parallel withdrawals and transfers against one balance', () => {
  it('never overdraw when fired together: at most 14 × 0.7 of 10 leave spot', async () => {
    const u = await withdrawer(server, '10');
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0 ? requestWithdraw(origin, u, { amount: '0.7' }) : transfer(u),
      ),
    );
    const w = replies.filter((r, i) => i % 2 === 0 && outcome(r) === 'ok').length;
    const t = replies.filter((r, i) => i % 2 === 1 && outcome(r) === 'ok').length;
    for (const r of replies) expect(['ok', 'insufficientBalance']).toContain(outcome(r));
    expect(w + t).toBe(14);
    expect((await usdt(u.id)).spot!.available).toBe(toUnits('0.2'));
    await expectAccounted(u, w, t);
  });

  it('never overdraw when transfers land while withdrawals are still being checked', async () => {
    const u = await withdrawer(server, '10');
    const withdrawals = Array.from({ length: 50 }, () => requestWithdraw(origin, u, { amount: '0.7' }));
    // Wait for the first freeze, so the transfers race the withdrawals still hashing their password.
    // One connection for the whole poll, so each look is a query, not a connect.
    await withServerDb(
      server.dataDir,
      (db) =>
        expect
          .poll(async () => (await usdtOn(db, u.id)).spot?.frozen ?? 0n, { interval: 2 })
          .toBeGreaterThan(0n),
      { bigints: true },
    );
    const transfers = Array.from({ length: 50 }, () => transfer(u));
    const wr = await Promise.all(withdrawals);
    const tr = await Promise.all(transfers);
    for (const r of [...wr, ...tr]) expect(['ok', 'insufficientBalance']).toContain(outcome(r));
    const w = wr.filter((r) => outcome(r) === 'ok').length;
    const t = tr.filter((r) => outcome(r) === 'ok').length;
    expect(w).toBeGreaterThanOrEqual(1);
    expect(w + t).toBe(14);
    await expectAccounted(u, w, t);
  });

  it('a user’s cancel racing the operator’s approval settles each withdrawal exactly once', async () => {
    const u = await withdrawer(server, '10');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(dataOf<Withdrawal>(await requestWithdraw(origin, u, { amount: '0.7' })).id);
    const replies = await Promise.all(
      ids.flatMap((id) => [
        call(origin, 'assets/withdrawCancel', u.token, { id }),
        callOps(origin, 'POST', 'withdrawals/approve', { id, txid: `race-${id}-tx` }),
        callOps(origin, 'POST', 'withdrawals/reject', { id, reason: 'race' }),
      ]),
    );
    const keys = replies.map((r) => (r.body.code === 200 ? 'ok' : r.body.key));
    for (let i = 0; i < ids.length; i++) {
      const mine = keys.slice(i * 3, i * 3 + 3);
      expect(mine.filter((k) => k === 'ok')).toHaveLength(1);
      expect(mine.filter((k) => k === 'recordNotPending')).toHaveLength(2);
    }
    const rows = dataOf<Withdrawal[]>(await call(origin, 'assets/withdrawals', u.token));
    const paid = rows.filter((r) => r.status === 'approved').length;
    expect(rows.every((r) => r.status !== 'review')).toBe(true);
    expect((await usdt(u.id)).spot).toEqual({
      available: toUnits('10') - toUnits('0.7') * BigInt(paid),
      frozen: 0n,
    });
  });
});
