import { describe, expect, it } from 'vitest';
import type { BankDeposit, JournalLine } from '../../domain';
import { watchPrivate } from '../support/private-events';
import { call, dataOf, snapshot } from '../support/assets';
import { depositor, spotUnits } from '../support/bank';
import { withServerDb } from '../support/server-db';
import { bankSuite } from '../support/suite';

const bank = bankSuite();
const { ops, deposit } = bank;
const units = (userId: number) => spotUnits(bank.server.dataDir, userId);

describe('assets/bankDeposit', () => {
  it('records a deposit for review and credits floor(amount × rate) once when the operator confirms', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(
      await deposit(me.token, { proofId: me.proofId, payerName: ' li  LEI ' }),
    );
    expect(made).toMatchObject({
      amount: '123.45',
      currency: 'USD',
      coin: 'USDT',
      // 123.45 × 7.123456789 = 879.39074060205, floored to USDT's 6 decimals.
      credit: '879.390740',
      payerName: 'li LEI',
      reference: 'REF-1',
      proofId: me.proofId,
      cardBank: 'Bank of Tests',
      cardMasked: '**** 4567',
      status: 'review',
      reason: null,
      decidedAt: null,
    });
    expect(await units(me.id)).toBe(0n);
    expect(dataOf(await call(bank.origin, 'assets/bankDepositDetail', me.token, { id: made.id }))).toEqual(
      made,
    );

    const listed = await ops('GET', 'bank-deposits', { status: 'review', account: me.account });
    expect(listed.body.data).toEqual([
      {
        ...made,
        userId: me.id,
        account: me.account,
        cardNumber: '6222020000001234567',
        rate: '7.123456789',
        decidedBy: null,
      },
    ]);

    const confirmed = await ops('POST', 'bank-deposits/confirm', { id: made.id }, 'alice');
    expect(confirmed.body).toMatchObject({
      code: 200,
      data: { id: made.id, status: 'confirmed', decidedBy: 'alice' },
    });
    expect(await units(me.id)).toBe(87_939_074_000n);

    const again = await ops('POST', 'bank-deposits/confirm', { id: made.id }, 'bob');
    expect(again.body).toMatchObject({ code: 400, key: 'recordNotPending' });
    expect(await units(me.id)).toBe(87_939_074_000n);

    const journal = dataOf<JournalLine[]>(
      await call(bank.origin, 'assets/journal', me.token, { kind: 'deposit.bank' }),
    );
    expect(journal.map((l) => [l.account, l.coin, l.delta, l.refType, l.refId])).toEqual([
      ['spot', 'USDT', '879.39074000', 'bank_deposits', String(made.id)],
    ]);
    const tx = await withServerDb(bank.server.dataDir, (db) =>
      db.all(`select actor from ledger_tx where ref_type = 'bank_deposits' and ref_id = ?`, String(made.id)),
    );
    expect(tx).toEqual([{ actor: 'operator:alice' }]);

    const actions = (await ops('GET', 'actions', {})).body.data as Array<Record<string, string>>;
    const mine = actions.filter((a) => a.targetType === 'bank_deposits' && a.targetId === String(made.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ operator: 'alice', action: 'bankDeposit.confirm' });
    expect(JSON.parse(mine[0]!.detail)).toMatchObject({
      userId: me.id,
      amount: '123.45',
      credit: '879.39074000',
    });

    const seen = dataOf<BankDeposit>(
      await call(bank.origin, 'assets/bankDepositDetail', me.token, { id: made.id }),
    );
    expect(seen).toMatchObject({ status: 'confirmed' });
    expect(seen.decidedAt).toBeGreaterThanOrEqual(seen.createdAt);
  });

  it('credits once when many confirmations race', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(await deposit(me.token, { proofId: me.proofId, amount: '10' }));
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ops('POST', 'bank-deposits/confirm', { id: made.id }, `op${i}`)),
    );
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.key === 'recordNotPending')).toHaveLength(11);
    expect(await units(me.id)).toBe(7_123_456_700n);
  });

  it('credits nothing when the operator rejects, and keeps the reason and who decided', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(await deposit(me.token, { proofId: me.proofId }));
    const before = await snapshot(bank.server.dataDir, me.id);
    const noReason = await ops('POST', 'bank-deposits/reject', { id: made.id, reason: ' ' }, 'bob');
    expect(noReason.body).toMatchObject({ code: 400, key: 'required', field: 'reason' });
    const rejected = await ops(
      'POST',
      'bank-deposits/reject',
      { id: made.id, reason: 'no transfer arrived' },
      'bob',
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'no transfer arrived',
      decidedBy: 'bob',
    });
    expect((await ops('POST', 'bank-deposits/confirm', { id: made.id })).body).toMatchObject({
      key: 'recordNotPending',
    });
    expect((await ops('POST', 'bank-deposits/reject', { id: made.id, reason: 'x' })).body).toMatchObject({
      key: 'recordNotPending',
    });
    expect(await snapshot(bank.server.dataDir, me.id)).toEqual(before);
    expect(await units(me.id)).toBe(0n);
    const actions = (await ops('GET', 'actions', {})).body.data as Array<Record<string, string>>;
    const mine = actions.filter((a) => a.targetType === 'bank_deposits' && a.targetId === String(made.id));
    expect(mine.map((a) => [a.operator, a.action])).toEqual([['bob', 'bankDeposit.reject']]);
    expect(
      dataOf(await call(bank.origin, 'assets/bankDepositDetail', me.token, { id: made.id })),
    ).toMatchObject({
      status: 'rejected',
      reason: 'no transfer arrived',
    });
  });

  it('pushes the new balance to the user after a confirmation', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(await deposit(me.token, { proofId: me.proofId, amount: '20' }));
    const { events, close } = await watchPrivate(bank.origin, me.token);
    await ops('POST', 'bank-deposits/confirm', { id: made.id });
    // The balance, then the decision itself (decision-events.test.ts).
    await expect.poll(() => events.length).toBe(2);
    close();
    expect(events).toEqual([
      {
        type: 'balance',
        balances: [{ account: 'spot', coin: 'USDT', available: '142.46913500', frozen: '0.00000000' }],
      },
      { type: 'decision', subject: 'bankDeposit', id: made.id, state: 'confirmed' },
    ]);
  });
});
