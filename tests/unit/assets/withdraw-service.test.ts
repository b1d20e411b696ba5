import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import {
  DAY_MS,
  sameAddress,
  utcDayStart,
  WithdrawService,
  type WithdrawOrder,
} from '../../../server/assets/withdrawals/withdraw-service';
import { grantFunds, insertUser, openTestDatabase, type Db } from '../../support/db';
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
    sqlite: db.sqlite,
    ledger,
    opsJournal,
    withdrawLimits: { USDT: { unverified: '100', verified: '1000' } },
    depositLocks: (userId, coin) => locks.get(`${userId}/${coin}`) ?? 0n,
    now: () => now,
  });
}

function addUser(id: number, usdt: string): void {
  insertUser(db.sqlite, id);
  grantFunds(ledger, id, usdt);
  service.addresses.bind({
    userId: id,
    coin: 'USDT',
    chain: 'TRC20',
    address: TRON,
    label: '',
    createdAt: 0,
  });
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
const keyOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { key?: string }).key;
  }
  return 'no error';
};

beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  ledger = new Ledger(db.sqlite);
  journal = new OpsJournal(db.sqlite);
  now = NOON;
  locks = new Map();
  service = makeService();
  addUser(1, '500');
  addUser(2, '500');
});

afterEach(async () => {
  expect(ledgerViolations(db.sqlite)).toEqual([]);
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
  it('counts today’s review and approved withdrawals against the limit, not earlier days nor closed ones', () => {
    now = NOON - DAY_MS;
    service.request(order(1, '90')); // yesterday
    now = NOON;
    const rejected = service.request(order(1, '60'));
    service.reject('op', rejected.id, 'no');
    const cancelled = service.request(order(1, '60'));
    service.cancel(1, cancelled.id);
    const approved = service.request(order(1, '60'));
    service.approve('op', approved.id, 'txid-0001');
    expect(service.quota(1, 'USDT').usedToday).toBe(toUnits('60'));
    expect(keyOf(() => service.request(order(1, '40.00000001')))).toBe('withdrawDailyLimit');
    service.request(order(1, '40'));
    expect(service.quota(1, 'USDT')).toMatchObject({ usedToday: toUnits('100'), dailyLimit: toUnits('100') });
    // The other user's limit is their own.
    expect(service.quota(2, 'USDT').usedToday).toBe(0n);
  });

  it('raises the limit for verified users', () => {
    db.sqlite.prepare(`update users set kyc = 'verified' where id = 1`).run();
    expect(service.quota(1, 'USDT')).toMatchObject({ verified: true, dailyLimit: toUnits('1000') });
    expect(service.request(order(1, '400')).status).toBe('review');
  });

  it('tells money waiting for confirmations apart from money the user does not have', () => {
    locks.set('1/USDT', toUnits('450'));
    expect(service.quota(1, 'USDT')).toMatchObject({ withdrawable: toUnits('50'), locked: toUnits('450') });
    expect(keyOf(() => service.request(order(1, '50.00000001')))).toBe('withdrawAwaitingConfirmations');
    locks.set('1/USDT', toUnits('600'));
    expect(service.quota(1, 'USDT').withdrawable).toBe(0n);
    db.sqlite.prepare(`update users set kyc = 'verified' where id = 1`).run();
    expect(keyOf(() => service.request(order(1, '500.00000001')))).toBe('insufficientBalance');
    expect(db.sqlite.prepare('select count(*) as n from withdrawals').get()).toEqual({ n: 0 });
  });

  it('checks the bound address inside the transaction and refuses coins without a limit', () => {
    expect(keyOf(() => service.request(order(1, '20', { chain: 'ERC20' })))).toBe('withdrawAddressRequired');
    expect(keyOf(() => service.request(order(1, '20', { address: TRON.replace('8', '9') })))).toBe(
      'boundMismatch',
    );
    service.addresses.bind({
      userId: 1,
      coin: 'BTC',
      chain: 'TRC20',
      address: TRON,
      label: '',
      createdAt: 0,
    });
    expect(keyOf(() => service.request(order(1, '20', { coin: 'BTC' })))).toBe('withdrawDisabled');
    expect(spot(1)).toEqual({ available: toUnits('500'), frozen: 0n });
  });
});

describe('operator decisions', () => {
  it('approval sends amount − fee to the world and the fee to the house in one balanced transaction', () => {
    const w = service.request(order(1, '30'));
    expect(spot(1)).toEqual({ available: toUnits('470'), frozen: toUnits('30') });
    const house = ledger.balance({ userId: HOUSE_USER_ID, account: 'spot', coin: 'USDT' }).available;
    const world = ledger.balance({ userId: WORLD_USER_ID, account: 'spot', coin: 'USDT' }).available;
    const done = service.approve('alice', w.id, 'txid-0002');
    expect(done).toMatchObject({
      status: 'approved',
      txid: 'txid-0002',
      decidedBy: 'alice',
      decidedAt: NOON,
    });
    expect(spot(1)).toEqual({ available: toUnits('470'), frozen: 0n });
    expect(ledger.balance({ userId: HOUSE_USER_ID, account: 'spot', coin: 'USDT' }).available).toBe(
      house + toUnits('1'),
    );
    expect(ledger.balance({ userId: WORLD_USER_ID, account: 'spot', coin: 'USDT' }).available).toBe(
      world + toUnits('29'),
    );
    expect(journal.list(null, 10)).toMatchObject([
      { operator: 'alice', action: 'withdrawal.approve', targetType: 'withdrawals', targetId: String(w.id) },
    ]);
    expect(keyOf(() => service.approve('alice', w.id, 'txid-0003'))).toBe('recordNotPending');
    expect(keyOf(() => service.reject('alice', w.id, 'late'))).toBe('recordNotPending');
    expect(keyOf(() => service.cancel(1, w.id))).toBe('recordNotPending');
  });

  it('keeps nothing of a decision whose audit entry cannot be written', () => {
    const w = service.request(order(1, '30'));
    const broken = new OpsJournal(db.sqlite);
    broken.record = () => {
      throw new Error('disk full');
    };
    const failing = makeService(broken);
    expect(() => failing.approve('alice', w.id, 'txid-0004')).toThrow('disk full');
    expect(() => failing.reject('alice', w.id, 'no')).toThrow('disk full');
    expect(spot(1)).toEqual({ available: toUnits('470'), frozen: toUnits('30') });
    expect(service.store.get(w.id)).toMatchObject({ status: 'review', txid: null, decidedBy: null });
  });

  it('a user cannot cancel another user’s withdrawal, and unknown ids are not found', () => {
    const w = service.request(order(1, '30'));
    expect(keyOf(() => service.cancel(2, w.id))).toBe('notFound');
    expect(keyOf(() => service.approve('alice', 9999, 'txid-0005'))).toBe('notFound');
    expect(service.cancel(1, w.id)).toMatchObject({ status: 'cancelled', decidedBy: null });
    expect(spot(1)).toEqual({ available: toUnits('500'), frozen: 0n });
  });
});
