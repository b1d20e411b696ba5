import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '../../support/db';
import { OpsJournal } from '../../../server/ops';
import { inOpsRequest } from '../../../server/ops/request-context';

let db: Db;
let journal: OpsJournal;
let now: number;
beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  now = 1_700_000_000_000;
  journal = new OpsJournal(db.engine, () => now);
});
afterEach(() => db.close());

const action = (targetId: string) => ({
  operator: 'alice',
  action: 'withdrawal.approve',
  targetType: 'withdrawals',
  targetId,
  detail: { txid: `tx-${targetId}` },
});

describe('OpsJournal', () => {
  it('records inside the command of the change and lists newest first, paged by id', async () => {
    const ids = await db.engine.writer.run(async () => [
      await journal.record(action('1')),
      await journal.record({ ...action('2'), detail: undefined }),
    ]);
    now += 1_000;
    const third = await db.engine.writer.run(() => journal.record(action('3')));
    expect(ids[1]! - ids[0]!).toBe(1);
    expect(third).toBe(ids[1]! + 1);
    const all = await journal.list(null, 10);
    expect(all.map((a) => a.targetId)).toEqual(['3', '2', '1']);
    expect(all[0]).toEqual({
      id: third,
      operator: 'alice',
      action: 'withdrawal.approve',
      targetType: 'withdrawals',
      targetId: '3',
      detail: '{"txid":"tx-3"}',
      before: null,
      after: null,
      ip: '',
      createdAt: now,
    });
    expect(all[1]?.detail).toBe('{}');
    expect((await journal.list(third, 1)).map((a) => a.id)).toEqual([ids[1]]);
  });

  it('refuses a record outside a command, and keeps none of a command that failed', async () => {
    await expect(journal.record(action('1'))).rejects.toThrow(/outside the writer/);
    const refusal = new Error('the change was refused');
    await expect(
      db.engine.writer.run(async () => {
        await journal.record(action('2'));
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await journal.list(null, 10)).toEqual([]);
  });

  it('keeps before/after as JSON and filters by operator, action and target', async () => {
    await db.engine.writer.run(async () => {
      await journal.record({ ...action('1'), before: { status: 0 }, after: { status: 1 } });
      await journal.record({ ...action('2'), operator: 'bob', action: 'bankDeposit.reject' });
    });
    const [row] = await journal.list(null, 10, { targetId: '1' });
    expect([row?.before, row?.after]).toEqual(['{"status":0}', '{"status":1}']);
    expect((await journal.list(null, 10, { operator: 'bob' })).map((a) => a.targetId)).toEqual(['2']);
    expect((await journal.list(null, 10, { action: 'withdrawal.approve' })).map((a) => a.targetId)).toEqual([
      '1',
    ]);
    expect(await journal.list(null, 10, { targetType: 'nope' })).toEqual([]);
  });

  it('records the IP of the request each command came from, also when one batch holds both', async () => {
    const batches = db.engine.writer.stats.batches;
    // Queued in the same turn: one batch, started from the first request's async context.
    await Promise.all([
      inOpsRequest({ operator: 'alice', ip: '10.0.0.1' }, () =>
        db.engine.writer.run(() => journal.record(action('1'))),
      ),
      inOpsRequest({ operator: 'bob', ip: '10.0.0.2' }, () =>
        db.engine.writer.run(() => journal.record(action('2'))),
      ),
      db.engine.writer.run(() => journal.record(action('3'))),
    ]);
    expect(db.engine.writer.stats.batches).toBe(batches + 1);
    const rows = await journal.list(null, 10);
    expect(Object.fromEntries(rows.map((r) => [r.targetId, r.ip]))).toEqual({
      '1': '10.0.0.1',
      '2': '10.0.0.2',
      '3': '',
    });
  });
});
