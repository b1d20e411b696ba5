// Issue 26: a queue item's detail shows its history to every role (`actions/of`), while the audit
// trail itself (`actions`, with the operators' IPs) stays the admins'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAuditRow } from '../../domain';
import { opsData } from '../support/deposits';
import { asOperator, createOperator, type TestOperator } from '../support/operators';
import type { TestServer } from '../support/server';
import { requestWithdraw, startWithdrawServer, withdrawer } from '../support/withdrawals';

let server: TestServer;
let viewer: TestOperator;
beforeAll(async () => {
  server = await startWithdrawServer({ sim: false });
  viewer = await createOperator(server.origin, 'history-viewer', 'viewer');
});
afterAll(() => server?.close());

describe("a record's history", () => {
  it('shows every role the decisions on one record, without the IPs, and nothing of other records', async () => {
    const u = await withdrawer(server);
    const first = ((await requestWithdraw(server.origin, u)).body!.data as { id: number }).id;
    const second = ((await requestWithdraw(server.origin, u)).body!.data as { id: number }).id;
    const reviewer = await createOperator(server.origin, 'history-rev', 'reviewer');
    for (const id of [first, second]) {
      opsData(
        await asOperator(server.origin, reviewer.token, 'withdrawals/reject', { id, reason: `no ${id}` }),
      );
    }

    const history = opsData<OpsAuditRow[]>(
      await asOperator(
        server.origin,
        viewer.token,
        'actions/of',
        { targetType: 'withdrawals', targetId: String(first) },
        'GET',
      ),
    );
    expect(history.map((r) => [r.operator, r.action, r.targetId])).toEqual([
      ['history-rev', 'withdrawal.reject', String(first)],
    ]);
    expect(history[0]!.ip).toBe('');
    expect(JSON.parse(history[0]!.after!)).toMatchObject({ status: 'rejected' });
  });

  it('asks for the record, and keeps the audit trail to admins', async () => {
    const missing = await asOperator(
      server.origin,
      viewer.token,
      'actions/of',
      { targetType: 'withdrawals' },
      'GET',
    );
    expect(missing.body).toMatchObject({ field: 'targetId' });
    const audit = await asOperator(server.origin, viewer.token, 'actions', {}, 'GET');
    expect(audit.status).toBe(403);
  });
});
