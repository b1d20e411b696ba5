import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import {
  DAY_MS,
  sameAddress,
  utcDayStart,
  WithdrawService,
  type WithdrawOrder,
} from '../../../server/assets/withdrawals/withdraw-service';
import { grantFunds, insertUser, openTestLedger, type Db } from '../../support/db';
import { Ledger, ledgerViolations, HOUSE_USER_ID, WORLD_USER_ID } from '../../../server/ledger';
import { OpsJournal } from '../../../server/ops/ops-journal';

const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const NOON = Date.UTC(2026, 0, 15, 12);
let db: Db;
let ledger: Ledger;
let journal: OpsJournal;
let now: number;
let locks: Map<string, bigint>;
let service: WithdrawService;

function makeService(opsJournal: OpsJournal = journal): WithdrawService {
  return new WithdrawService({
    engine: db.engine,
    ledger,
    opsJournal,
    withdrawLimits: { USDT: { unverified: '100', verified: '1000' } },
    depositLocks: (userId, coin) => Promise.resolve(locks.get(`${userId}/${coin}`) ?? 0n),
    now: () => now,
  });
}

const bind = (userId: number, coin = 'USDT') =>
  db.engine.writer.run(() =>
    service.addresses.bind({ userId, coin, chain: 'TRC20', address: TRON, label: '', createdAt: 0 }),
  );

async function addUser(id: number, usdt: string): Promise<void> {
  insertUser(db.sqlite, id);
  await grantFunds(ledger, db.engine.writer, id, usdt);
  await bind(id);
}

const order = (userId: number, amount: string, patch: Partial<WithdrawOrder> = {}): WithdrawOrder => ({
  userId,
  coin: 'USDT',
  chain: 'TRC20',
  format: 'tron',
  address: TRON,
  amount: toUnits(amount),
  fee: toUnits('1'),
  ...patch,
});
const spot = (userId: number) => ledger.balance({ userId, account: 'spot', coin: 'USDT' });
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => (err as { key?: string }).key ?? String(err),
  );
const countWithdrawals = () => db.sqlite.prepare('select count(*) as n from withdrawals').get();

beforeEach(async () => {
  ({ ledger, ...db } = await openTestLedger(':memory:'));
  journal = new OpsJournal(db.engine);
  now = NOON;
  locks = new Map();
  service = makeService();
  await addUser(1, '500');
  await addUser(2, '500');
});

afterEach(async () => {
  expect(await ledgerViolations(db.engine)).toEqual([]);
  await db.close();
});

describe('helpers', () => {
  it('finds the start of the UTC day', () => {
    expect(utcDayStart(NOON)).toBe(Date.UTC(2026, 0, 15));
    expect(utcDayStart(Date.UTC(2026, 0, 15))).toBe(Date.UTC(2026, 0, 15));
    expect(utcDayStart(Date.UTC(2026, 0, 15) - 1)).toBe(Date.UTC(2026, 0, 14));
  });

  it('compares EVM addresses without case and every other format exactly', () => {
    const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(sameAddress('evm', evm, evm.toLowerCase())).toBe(true);
    expect(sameAddress('evm', evm, evm.replace('E7', 'E8'))).toBe(false);
    expect(sameAddress('tron', TRON, TRON.toLowerCase())).toBe(false);
    expect(sameAddress('bitcoin', TRON, TRON)).toBe(true);
  });
});

describe('WithdrawService.request', () => {
  it('counts today’s review and approved withdrawals against the limit, not earlier days nor closed ones', async () => {
    now = NOON - DAY_MS;
    await service.request(order(1, '90')); // yesterday
    now = NOON;
    const rejected = await service.request(order(1, '60'));
    await service.reject('op', rejected.id, 'no');
    const cancelled = await service.request(order(1, '60'));
    await service.cancel(1, cancelled.id);
    const approved = await service.request(order(1, '60'));
    await service.approve('op', approved.id, 'txid-0001');
    expect((await service.quota(1, 'USDT')).usedToday).toBe(toUnits('60'));
    expect(await keyOf(service.request(order(1, '40.00000001')))).toBe('withdrawDailyLimit');
    await service.request(order(1, '40'));
    expect(await service.quota(1, 'USDT')).toMatchObject({
      usedToday: toUnits('100'),
      dailyLimit: toUnits('100'),
    });
    // The other user's limit is their own.
    expect((await service.quota(2, 'USDT')).usedToday).toBe(0n);
  });

  it('raises the limit for verified users', async () => {
    db.sqlite.prepare(`update users set kyc = 'verified' where id = 1`).run();
    expect(await service.quota(1, 'USDT')).toMatchObject({ verified: true, dailyLimit: toUnits('1000') });
    expect((await service.request(order(1, '400'))).status).toBe('review');
  });

  it('tells money waiting for confirmations apart from money the user does not have', async () => {
    locks.set('1/USDT', toUnits('450'));
    expect(await service.quota(1, 'USDT')).toMatchObject({
      withdrawable: toUnits('50'),
      locked: toUnits('450'),
    });
    expect(await keyOf(service.request(order(1, '50.00000001')))).toBe('withdrawAwaitingConfirmations');
    locks.set('1/USDT', toUnits('600'));
    expect((await service.quota(1, 'USDT')).withdrawable).toBe(0n);
    db.sqlite.prepare(`update users set kyc = 'verified' where id = 1`).run();
    expect(await keyOf(service.request(order(1, '500.00000001')))).toBe('insufficientBalance');
    expect(countWithdrawals()).toEqual({ n: 0 });
  });

  it('checks the bound address inside the command and refuses coins without a limit', async () => {
    expect(await keyOf(service.request(order(1, '20', { chain: 'ERC20' })))).toBe('withdrawAddressRequired');
    expect(await keyOf(service.request(order(1, '20', { address: TRON.replace('8', '9') })))).toBe(
      'boundMismatch',
    );
    await bind(1, 'BTC');
    expect(await keyOf(service.request(order(1, '20', { coin: 'BTC' })))).toBe('withdrawDisabled');
    // An address unbound by a command queued before the request is gone when the request checks it.
    const [, refused] = await Promise.all([
      db.engine.writer.run(async () => {
        const bound = await service.addresses.find(1, 'USDT', 'TRC20');
        await service.addresses.unbind(1, bound!.id);
      }),
      keyOf(service.request(order(1, '20'))),
    ]);
    expect(refused).toBe('withdrawAddressRequired');
    expect(await spot(1)).toEqual({ available: toUnits('500'), frozen: 0n });
  });

  it('never spends one balance twice: requests sent together are checked and frozen one by one', async () => {
    // 500 of balance, 90 a request with a limit of 1000: five fit, the other five are refused.
    db.sqlite.prepare(`update users set kyc = 'verified' where id = 1`).run();
    const keys = await Promise.all(Array.from({ length: 10 }, () => keyOf(service.request(order(1, '90')))));
    expect(keys.filter((k) => k === 'no error')).toHaveLength(5);
    expect(keys.filter((k) => k === 'insufficientBalance')).toHaveLength(5);
    expect(await spot(1)).toEqual({ available: toUnits('50'), frozen: toUnits('450') });
    expect(countWithdrawals()).toEqual({ n: 5 });
  });

  it('never passes the daily limit with requests sent together', async () => {
    // 100 a day unverified: of seven requests of 30, three fit and four are refused on the limit.
    const keys = await Promise.all(Array.from({ length: 7 }, () => keyOf(service.request(order(1, '30')))));
    expect(keys.filter((k) => k === 'no error')).toHaveLength(3);
    expect(keys.filter((k) => k === 'withdrawDailyLimit')).toHaveLength(4);
    expect((await service.quota(1, 'USDT')).usedToday).toBe(toUnits('90'));
  });
});

describe('operator decisions', () => {
  it('approval sends amount − fee to the world and the fee to the house in one balanced transaction', async () => {
    const w = await service.request(order(1, '30'));
    expect(await spot(1)).toEqual({ available: toUnits('470'), frozen: toUnits('30') });
    const house = (await ledger.balance({ userId: HOUSE_USER_ID, account: 'spot', coin: 'USDT' })).available;
    const world = (await ledger.balance({ userId: WORLD_USER_ID, account: 'spot', coin: 'USDT' })).available;
    const done = await service.approve('alice', w.id, 'txid-0002');
    expect(done).toMatchObject({
      status: 'approved',
      txid: 'txid-0002',
      decidedBy: 'alice',
      decidedAt: NOON,
    });
    expect(await spot(1)).toEqual({ available: toUnits('470'), frozen: 0n });
    expect((await ledger.balance({ userId: HOUSE_USER_ID, account: 'spot', coin: 'USDT' })).available).toBe(
      house + toUnits('1'),
    );
    expect((await ledger.balance({ userId: WORLD_USER_ID, account: 'spot', coin: 'USDT' })).available).toBe(
      world + toUnits('29'),
    );
    expect(await journal.list(null, 10)).toMatchObject([
      { operator: 'alice', action: 'withdrawal.approve', targetType: 'withdrawals', targetId: String(w.id) },
    ]);
    expect(await keyOf(service.approve('alice', w.id, 'txid-0003'))).toBe('recordNotPending');
    expect(await keyOf(service.reject('alice', w.id, 'late'))).toBe('recordNotPending');
    expect(await keyOf(service.cancel(1, w.id))).toBe('recordNotPending');
  });

  it('settles a withdrawal once when a cancel, an approval and a rejection arrive together', async () => {
    const w = await service.request(order(1, '30'));
    const keys = await Promise.all([
      keyOf(service.cancel(1, w.id)),
      keyOf(service.approve('alice', w.id, 'txid-0006')),
      keyOf(service.reject('bob', w.id, 'race')),
    ]);
    expect(keys.filter((k) => k === 'no error')).toHaveLength(1);
    expect(keys.filter((k) => k === 'recordNotPending')).toHaveLength(2);
    // The first queued wins: the cancel gives the amount back, and nothing is paid out on top.
    expect(keys[0]).toBe('no error');
    expect(await spot(1)).toEqual({ available: toUnits('500'), frozen: 0n });
    expect(await service.store.get(w.id)).toMatchObject({ status: 'cancelled' });
  });

  it('keeps nothing of a decision whose audit entry cannot be written', async () => {
    const w = await service.request(order(1, '30'));
    const broken = new OpsJournal(db.engine);
    broken.record = () => Promise.reject(new Error('disk full'));
    const failing = makeService(broken);
    expect(await keyOf(failing.approve('alice', w.id, 'txid-0004'))).toBe('Error: disk full');
    expect(await keyOf(failing.reject('alice', w.id, 'no'))).toBe('Error: disk full');
    expect(await spot(1)).toEqual({ available: toUnits('470'), frozen: toUnits('30') });
    expect(await service.store.get(w.id)).toMatchObject({ status: 'review', txid: null, decidedBy: null });
  });

  it('a user cannot cancel another user’s withdrawal, and unknown ids are not found', async () => {
    const w = await service.request(order(1, '30'));
    expect(await keyOf(service.cancel(2, w.id))).toBe('notFound');
    expect(await keyOf(service.approve('alice', 9999, 'txid-0005'))).toBe('notFound');
    expect(await service.cancel(1, w.id)).toMatchObject({ status: 'cancelled', decidedBy: null });
    expect(await spot(1)).toEqual({ available: toUnits('500'), frozen: 0n });
  });
});
