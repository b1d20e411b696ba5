// The console's queue counts and their live events (issue 26), and the support inbox: listing,
// assigning, filters, canned replies per language, and the chat events the consoles are told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycView } from '../../domain/identity-endpoints';
import type { OpsCannedReply, OpsConversation, OpsEvent, OpsQueueCounts } from '../../domain';
import { registerUser } from '../support/accounts';
import { callApi } from '../support/api';
import { call, dataOf } from '../support/assets';
import { opsCall } from '../support/bank';
import { kycForm, kycUser } from '../support/identity';
import { serverOn } from '../support/server';
import { requestWithdraw, startWithdrawServer, withdrawer } from '../support/withdrawals';
import type { TestServer } from '../support/server';

let server: TestServer;
const events: OpsEvent[] = [];
let stopListening: () => void = () => {};
beforeAll(async () => {
  server = await startWithdrawServer({ sim: false });
  stopListening = serverOn(server.dataDir).opsEvents.listen((e) => events.push(e));
});
afterAll(async () => {
  stopListening();
  await server?.close();
});

const ops = async <T>(
  method: 'GET' | 'POST',
  name: string,
  fields: Record<string, string | number> = {},
  operator = 'alice',
) => {
  const r = await opsCall(server.origin, method, name, fields, operator);
  if (r.status !== 200 || r.body?.code !== 200) throw new Error(`${name}: ${JSON.stringify(r.body)}`);
  return r.body.data as T;
};
const counts = () => ops<OpsQueueCounts>('GET', 'queues');

/** The next `queues` event published after `since` events, whose counts `pick` accepts. */
async function queuesEvent(since: number, pick: (c: OpsQueueCounts) => boolean): Promise<OpsQueueCounts> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = events.slice(since).find((e) => e.type === 'queues' && pick(e.counts));
    if (found && found.type === 'queues') return found.counts;
    if (Date.now() > deadline) throw new Error(`no queues event: ${JSON.stringify(events.slice(since))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('queues', () => {
  it('counts a KYC submission and its decision, each with a coalesced event', async () => {
    const start = await counts();
    const u = await kycUser(server.origin);
    let mark = events.length;
    const view = dataOf<KycView>(await call(server.origin, 'kyc/submit', u.token, kycForm(u.photos)));
    expect((await counts()).kyc).toBe(start.kyc + 1);
    expect((await queuesEvent(mark, (c) => c.kyc === start.kyc + 1)).kyc).toBe(start.kyc + 1);

    mark = events.length;
    await ops('POST', 'kyc/approve', { id: view.submission!.id });
    expect((await counts()).kyc).toBe(start.kyc);
    await queuesEvent(mark, (c) => c.kyc === start.kyc);
  });

  it('counts a withdrawal request and its rejection', async () => {
    const start = await counts();
    const u = await withdrawer(server, '100');
    let mark = events.length;
    const w = dataOf<{ id: number }>(await requestWithdraw(server.origin, u));
    expect((await counts()).withdrawals).toBe(start.withdrawals + 1);
    await queuesEvent(mark, (c) => c.withdrawals === start.withdrawals + 1);
    mark = events.length;
    await ops('POST', 'withdrawals/reject', { id: w.id, reason: 'test' });
    await queuesEvent(mark, (c) => c.withdrawals === start.withdrawals);
  });

  it('publishes a burst of moves as few events', async () => {
    const mark = events.length;
    const watch = serverOn(server.dataDir).opsEvents;
    for (let i = 0; i < 50; i++) watch.queuesMoved();
    // A change after the burst is still told, within the coalescing window.
    const u = await kycUser(server.origin);
    const before = (await counts()).kyc;
    await call(server.origin, 'kyc/submit', u.token, kycForm(u.photos));
    await queuesEvent(mark, (c) => c.kyc === before + 1);
    expect(events.slice(mark).filter((e) => e.type === 'queues').length).toBeLessThanOrEqual(3);
  });
});

describe('support inbox', () => {
  it('lists conversations, filters unread and mine, assigns and releases, with live events', async () => {
    const a = await registerUser(server.origin);
    const b = await registerUser(server.origin);
    const start = await counts();
    let mark = events.length;
    const send = (token: string, clientId: string, text: string) =>
      callApi(server.origin, 'kefu/send', { clientId, text }, { token, json: true });
    const first = (await send(a.token, 'aaaa0001', 'help me')).body.data;
    await send(b.token, 'bbbb0001', 'hello');
    const told = events.slice(mark).filter((e) => e.type === 'kefu.message');
    expect(told).toEqual([
      { type: 'kefu.message', userId: a.user.id, message: expect.objectContaining({ text: 'help me' }) },
      { type: 'kefu.message', userId: b.user.id, message: expect.objectContaining({ text: 'hello' }) },
    ]);
    expect((await queuesEvent(mark, (c) => c.inboxUnread === start.inboxUnread + 2)).inboxUnread).toBe(
      start.inboxUnread + 2,
    );

    const inbox = await ops<OpsConversation[]>('GET', 'kefu/inbox');
    expect(inbox.slice(0, 2)).toEqual([
      expect.objectContaining({
        userId: b.user.id,
        account: b.user.account,
        lastText: 'hello',
        unread: 1,
        assignee: null,
      }),
      expect.objectContaining({ userId: a.user.id, lastText: 'help me', unread: 1, assignee: null }),
    ]);
    // Paging: the page after b's conversation starts with a's.
    const next = await ops<OpsConversation[]>('GET', 'kefu/inbox', {
      before: inbox[0]!.lastMessageId,
      limit: 1,
    });
    expect(next.map((c) => c.userId)).toEqual([a.user.id]);

    // The operator reads a's messages: a leaves the unread filter, and the receipt is told.
    mark = events.length;
    await ops('POST', 'kefu/read', { account: a.user.account, upTo: first.id }, 'carol');
    expect(events.slice(mark)).toContainEqual(
      expect.objectContaining({
        type: 'kefu.receipt',
        userId: a.user.id,
        sender: 'user',
        state: 'read',
        upTo: first.id,
      }),
    );
    const unread = await ops<OpsConversation[]>('GET', 'kefu/inbox', { unread: '1' });
    expect(unread.map((c) => c.userId)).toContain(b.user.id);
    expect(unread.map((c) => c.userId)).not.toContain(a.user.id);
    await queuesEvent(mark, (c) => c.inboxUnread === start.inboxUnread + 1);

    mark = events.length;
    const taken = await ops<OpsConversation>('POST', 'kefu/assign', { userId: a.user.id }, 'carol');
    expect(taken).toMatchObject({ userId: a.user.id, assignee: 'carol' });
    expect(events.slice(mark)).toContainEqual({
      type: 'kefu.assigned',
      userId: a.user.id,
      assignee: 'carol',
    });
    expect(
      (await ops<OpsConversation[]>('GET', 'kefu/inbox', { mine: '1' }, 'carol')).map((c) => c.userId),
    ).toEqual([a.user.id]);
    expect(await ops<OpsConversation[]>('GET', 'kefu/inbox', { mine: '1' }, 'dave')).toEqual([]);
    // Another operator takes it over; then releases it.
    await ops('POST', 'kefu/assign', { userId: a.user.id }, 'dave');
    expect(await ops<OpsConversation[]>('GET', 'kefu/inbox', { mine: '1' }, 'carol')).toEqual([]);
    const released = await ops<OpsConversation>(
      'POST',
      'kefu/assign',
      { userId: a.user.id, release: '1' },
      'dave',
    );
    expect(released.assignee).toBeNull();
    expect(
      events
        .slice(mark)
        .filter((e) => e.type === 'kefu.assigned')
        .map((e) => e.type === 'kefu.assigned' && e.assignee),
    ).toEqual(['carol', 'dave', null]);
    const journal = (
      await ops<Array<{ action: string; operator: string; targetId: string }>>('GET', 'actions')
    )
      .filter((r) => r.targetId === String(a.user.id) && r.action.startsWith('kefu.'))
      .map((r) => [r.action, r.operator]);
    expect(journal).toEqual([
      ['kefu.release', 'dave'],
      ['kefu.assign', 'dave'],
      ['kefu.assign', 'carol'],
    ]);

    // The user sees the operator's receipt too, and marking it tells the consoles.
    mark = events.length;
    const reply = await ops<{ id: number }>(
      'POST',
      'kefu/reply',
      { account: a.user.account, text: 'on it' },
      'carol',
    );
    expect(events.slice(mark)).toContainEqual(
      expect.objectContaining({ type: 'kefu.message', userId: a.user.id }),
    );
    await callApi(server.origin, 'kefu/mark', { upTo: reply.id, state: 'read' }, { token: a.token });
    expect(events.slice(mark)).toContainEqual(
      expect.objectContaining({ type: 'kefu.receipt', userId: a.user.id, sender: 'operator', state: 'read' }),
    );
  });

  it('keeps canned replies per language: create, list, edit, delete, journaled', async () => {
    const zh = await ops<OpsCannedReply>('POST', 'kefu/canned/save', {
      lang: 'zh',
      title: '问候',
      body: '您好，请问有什么可以帮您？',
    });
    const en = await ops<OpsCannedReply>('POST', 'kefu/canned/save', {
      lang: 'en',
      title: 'Hello',
      body: 'Hi, how can we help?',
    });
    expect((await ops<OpsCannedReply[]>('GET', 'kefu/canned', { lang: 'zh' })).map((c) => c.id)).toEqual([
      zh.id,
    ]);
    expect((await ops<OpsCannedReply[]>('GET', 'kefu/canned')).map((c) => c.id)).toEqual(
      expect.arrayContaining([zh.id, en.id]),
    );
    const edited = await ops<OpsCannedReply>('POST', 'kefu/canned/save', {
      id: en.id,
      lang: 'en',
      title: 'Hi',
      body: 'Hello!',
    });
    expect(edited).toEqual({ id: en.id, lang: 'en', title: 'Hi', body: 'Hello!' });
    expect(await ops<OpsCannedReply[]>('GET', 'kefu/canned', { lang: 'en' })).toEqual([edited]);
    expect(
      (await opsCall(server.origin, 'POST', 'kefu/canned/save', { lang: 'xx', title: 't', body: 'b' })).body
        .key,
    ).toBe('badRequest');
    expect(
      (await opsCall(server.origin, 'POST', 'kefu/canned/save', { lang: 'en', title: 't' })).body.key,
    ).toBe('required');
    await ops('POST', 'kefu/canned/delete', { id: en.id });
    expect(await ops<OpsCannedReply[]>('GET', 'kefu/canned', { lang: 'en' })).toEqual([]);
    expect((await opsCall(server.origin, 'POST', 'kefu/canned/delete', { id: en.id })).status).toBe(404);
    const actions = (await ops<Array<{ action: string; targetId: string }>>('GET', 'actions'))
      .filter((r) => r.action.startsWith('kefu.canned'))
      .map((r) => [r.action, r.targetId]);
    expect(actions).toEqual([
      ['kefu.canned.delete', String(en.id)],
      ['kefu.canned.update', String(en.id)],
      ['kefu.canned.create', String(en.id)],
      ['kefu.canned.create', String(zh.id)],
    ]);
  });
});
