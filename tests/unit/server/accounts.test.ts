import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '../../support/db';
import { AppError } from '../../../server/http/app-error';
import { accounts, requireTradePassword } from '../../../server/mine';
import { hashPassword, verifyPassword } from '../../../server/shared/passwords';
import { TicketStore } from '../../../server/mine/tickets';
import {
  AccountTakenError,
  createUser,
  findUserByAccount,
  findUserByPromo,
  requireUser,
  setPasswordHash,
  setTradePasswordHash,
} from '../../../server/mine/users';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase(':memory:');
});
afterEach(() => db.close());

const member = (account: string, referrerId: number | null = null) => ({
  account,
  kind: 'email' as const,
  passwordHash: 'phc',
  referrerId,
  now: 1_700_000_000_000,
});

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('user rows', () => {
  it('creates members with unique accounts and promo codes, found by account, promo and id', async () => {
    const a = await createUser(db.engine, member('a@example.com'));
    const b = await createUser(db.engine, member('b@example.com', a.id));
    expect(a.promo_code).not.toBe(b.promo_code);
    expect(b.referrer_id).toBe(a.id);
    expect((await findUserByAccount(db.engine, 'a@example.com'))?.id).toBe(a.id);
    expect((await findUserByPromo(db.engine, ` ${a.promo_code.toLowerCase()} `))?.id).toBe(a.id);
    expect((await requireUser(db.engine, b.id)).account).toBe('b@example.com');
    expect((await failure(requireUser(db.engine, 99))).key).toBe('sessionInvalid');
    expect(await findUserByAccount(db.engine, 'c@example.com')).toBeUndefined();
  });

  it('refuses a taken account, and inside a command leaves that command usable', async () => {
    await createUser(db.engine, member('a@example.com'));
    await expect(createUser(db.engine, member('a@example.com'))).rejects.toBeInstanceOf(AccountTakenError);
    const made = await db.engine.writer.run(async () => {
      await expect(createUser(db.engine, member('a@example.com'))).rejects.toBeInstanceOf(AccountTakenError);
      // The failed insert was its own savepoint: the command goes on and commits its other writes.
      return createUser(db.engine, member('b@example.com'));
    });
    expect((await findUserByAccount(db.engine, 'b@example.com'))?.id).toBe(made.id);
  });

  it('sets password hashes only inside a command', async () => {
    const u = await createUser(db.engine, member('a@example.com'));
    await expect(setPasswordHash(db.engine, u.id, 'new')).rejects.toThrow(/outside the writer/);
    await db.engine.writer.run(async () => {
      await setPasswordHash(db.engine, u.id, 'new');
      await setTradePasswordHash(db.engine, u.id, 'trade');
    });
    const row = await requireUser(db.engine, u.id);
    expect([row.password_hash, row.trade_password_hash]).toEqual(['new', 'trade']);
  });
});

describe('passwords', () => {
  it('hashes and verifies outside commands, and refuses to inside one', async () => {
    const phc = await hashPassword('Secret123');
    expect(await verifyPassword(phc, 'Secret123')).toBe(true);
    expect(await verifyPassword(phc, 'Secret124')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret123')).toBe(false);
    await expect(db.engine.writer.run(() => hashPassword('Secret123'))).rejects.toThrow(
      /inside a writer command/,
    );
    await expect(db.engine.writer.run(() => verifyPassword(phc, 'Secret123'))).rejects.toThrow(
      /inside a writer command/,
    );
  });

  it('requireTradePassword: 401 without one, a field error when wrong or empty, passes when right', async () => {
    const u = await createUser(db.engine, member('a@example.com'));
    const none = await failure(requireTradePassword(db.engine, u.id, 'Trade123'));
    expect([none.key, none.httpStatus]).toEqual(['noTradePassword', 401]);
    const phc = await hashPassword('Trade123');
    await db.engine.writer.run(() => setTradePasswordHash(db.engine, u.id, phc));
    const wrong = await failure(requireTradePassword(db.engine, u.id, 'Trade124'));
    expect([wrong.key, wrong.field]).toEqual(['incorrectTradePassword', 'tradePassword']);
    expect((await failure(requireTradePassword(db.engine, u.id, '  '))).key).toBe('required');
    await requireTradePassword(db.engine, u.id, 'Trade123');
  });
});

describe('Accounts (the face other areas use)', () => {
  it('answers who a user is and keeps the columns other areas set, writes only in commands', async () => {
    const users = accounts(db.engine);
    expect(accounts(db.engine)).toBe(users);
    const a = await createUser(db.engine, member('a@example.com'));
    const b = await createUser(db.engine, member('b@example.com'));
    expect(await users.idOf('a@example.com')).toBe(a.id);
    expect(await users.accountOf(b.id)).toBe('b@example.com');
    expect(await users.accountsOf([a.id, BigInt(b.id), 99])).toEqual(
      new Map([
        [a.id, 'a@example.com'],
        [b.id, 'b@example.com'],
      ]),
    );
    await expect(users.setKyc(a.id, 'verified')).rejects.toThrow(/outside the writer/);
    const changed = await db.engine.writer.run(async () => {
      await users.setKyc(a.id, 'verified');
      await users.setLevel(a.id, 'agent');
      await users.saveCreditScore(a.id, 87);
      return [await users.setReferrerIfNone(b.id, a.id), await users.setReferrerIfNone(b.id, b.id)];
    });
    expect(changed).toEqual([true, false]);
    expect(await users.kycOf(a.id)).toBe('verified');
    expect(await users.teamUserById(a.id)).toMatchObject({ level: 'agent', kyc: 'verified' });
    expect(await users.referrerOf(b.id)).toBe(a.id);
    expect(await users.referrersOf([a.id, b.id])).toEqual(new Map([[b.id, a.id]]));
    expect(await users.referralCount(a.id)).toBe(1);
    expect(await users.referralIds(a.id)).toEqual([b.id]);
    expect((await users.referralPage(a.id, Number.MAX_SAFE_INTEGER, 10)).map((r) => r.id)).toEqual([b.id]);
    expect((await requireUser(db.engine, a.id)).credit_score).toBe(87);
  });

  it('gives the credit facts with the trade password as 1 or 0', async () => {
    const users = accounts(db.engine);
    const a = await createUser(db.engine, member('a@example.com'));
    expect(await users.creditFacts(a.id)).toEqual({
      createdAt: 1_700_000_000_000,
      kyc: 'none',
      hasTradePassword: 0,
    });
    await db.engine.writer.run(() => setTradePasswordHash(db.engine, a.id, 'phc'));
    expect((await users.creditFacts(a.id))?.hasTradePassword).toBe(1);
    expect(await users.creditFacts(99)).toBeUndefined();
  });
});

describe('TicketStore', () => {
  it('uses a ticket once, for its purpose and owner; a failed command leaves it unused', async () => {
    const now = 1_700_000_000_000;
    const tickets = new TicketStore(db.engine, () => now);
    const a = await createUser(db.engine, member('a@example.com'));
    const t = await tickets.issue(a.id, 'forget');
    await tickets.check(t, 'forget', a.id);
    expect((await failure(tickets.check(t, 'modifyPwd'))).key).toBe('ticketExpired');
    expect((await failure(tickets.use(t, 'forget', a.id + 1))).key).toBe('ticketExpired');
    const refusal = new Error('the change failed');
    await expect(
      db.engine.writer.run(async () => {
        expect(await tickets.use(t, 'forget')).toBe(a.id);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await tickets.use(t, 'forget')).toBe(a.id);
    expect((await failure(tickets.use(t, 'forget'))).key).toBe('ticketExpired');
  });
});
