import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { BankStore } from '../../../server/assets/bank/bank-store';
import { BANK_DEPOSIT_KIND, BankReviewService } from '../../../server/assets/bank/review-service';
import { insertUser, openTestLedger, type Db } from '../../support/db';
import { Ledger, ledgerViolations } from '../../../server/ledger';
import { OpsJournal } from '../../../server/ops/ops-journal';
import type { UploadClaims } from '../../../server/shared/uploads';

let db: Db;
let ledger: Ledger;
let journal: OpsJournal;
let store: BankStore;
let review: BankReviewService;

/** A deposit of 100.00 USD crediting 100 USDT, in review, as `assets/bankDeposit` leaves it. */
function pendingDeposit(userId: number, proofId: string): number {
  db.sqlite
    .prepare(
      `insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, 'image/png', 1, 'x', 0)`,
    )
    .run(proofId, userId);
  return Number(
    db.sqlite
      .prepare(
        `insert into bank_deposits (user_id, amount, currency, coin, credit, rate, payer_name, reference,
           proof_id, card_bank, card_number, status, created_at)
         values (?, 10000, 'USD', 'USDT', ?, '1', 'A B', 'ref', ?, 'Bank', '6222020000000000', 'review', 0)`,
      )
      .run(userId, toUnits('100'), proofId).lastInsertRowid,
  );
}

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => (err as { key?: string }).key ?? String(err),
  );
const spot = async (userId: number) =>
  (await ledger.balance({ userId, account: 'spot', coin: 'USDT' })).available;
const credits = () =>
  db.sqlite.prepare('select count(*) from ledger_tx where kind = ?').pluck().get(BANK_DEPOSIT_KIND);

beforeEach(async () => {
  ({ ledger, ...db } = await openTestLedger(':memory:'));
  journal = new OpsJournal(db.engine);
  // The review never asks whether a proof is kept: that is the deposit form's check.
  const claims = { isClaimed: () => Promise.resolve(false) } as unknown as UploadClaims;
  store = new BankStore(db.engine, claims);
  review = new BankReviewService(db.engine, ledger, journal, store, () => 1_700_000_000_000);
  insertUser(db.sqlite, 1);
});

afterEach(async () => {
  expect(await ledgerViolations(db.engine)).toEqual([]);
  await db.close();
});

describe('BankReviewService', () => {
  it('confirms once: credits the coins, records who decided, and refuses a second decision', async () => {
    const id = pendingDeposit(1, 'a'.repeat(32));
    const row = await review.confirm('alice', id);
    expect(row).toMatchObject({ status: 'confirmed', decidedBy: 'alice', decidedAt: 1_700_000_000_000 });
    expect(await spot(1)).toBe(toUnits('100'));
    expect(await journal.list(null, 10)).toMatchObject([
      { operator: 'alice', action: 'bankDeposit.confirm', targetId: String(id) },
    ]);
    expect(await keyOf(review.confirm('alice', id))).toBe('recordNotPending');
    expect(await keyOf(review.reject('bob', id, 'late'))).toBe('recordNotPending');
    expect(await keyOf(review.confirm('alice', 9999))).toBe('notFound');
    expect(credits()).toBe(1);
  });

  it('settles a deposit once when confirmations and a rejection arrive together', async () => {
    const id = pendingDeposit(1, 'b'.repeat(32));
    const keys = await Promise.all([
      keyOf(review.confirm('alice', id)),
      keyOf(review.confirm('bob', id)),
      keyOf(review.reject('carol', id, 'no')),
    ]);
    expect(keys).toEqual(['no error', 'recordNotPending', 'recordNotPending']);
    expect(await spot(1)).toBe(toUnits('100'));
    expect(credits()).toBe(1);
    expect(await journal.list(null, 10)).toHaveLength(1);
  });

  it('keeps nothing of a decision whose audit entry cannot be written', async () => {
    const id = pendingDeposit(1, 'c'.repeat(32));
    journal.record = () => Promise.reject(new Error('disk full'));
    expect(await keyOf(review.confirm('alice', id))).toBe('Error: disk full');
    expect(await keyOf(review.reject('alice', id, 'no'))).toBe('Error: disk full');
    expect(await store.get(id)).toMatchObject({ status: 'review', decidedBy: null, decidedAt: null });
    expect(await spot(1)).toBe(0n);
    expect(credits()).toBe(0);
  });
});
