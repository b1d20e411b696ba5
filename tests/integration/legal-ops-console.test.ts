// The fiat area's operator routes the console's review pages read (issue 26, phase 2): the appeal's
// order with both parties' accounts and figures, its chat (both sides, with images) for a reviewer
// only, the freezes list, and paging of the merchant applications and the appeals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegalAd, LegalOrder, OrderMessage } from '../../domain/legal';
import { callApi } from '../support/api';
import { dataOf } from '../support/assets';
import { verifyIdentity } from '../support/identity';
import { opsCall } from '../support/bank';
import { asOperator, createOperator } from '../support/operators';
import {
  addBank,
  as,
  merchant,
  person,
  PNG,
  publish,
  startLegalServer,
  take,
  type LegalServer,
  type Person,
} from '../support/legal';

let server: LegalServer;
let origin: string;
let m: Person;
let ad: LegalAd;
beforeAll(async () => {
  server = await startLegalServer();
  origin = server.origin;
  m = await merchant(origin, server.dataDir, '5000');
  ad = await publish(origin, m, { total: '2000' });
});
afterAll(() => server?.close());

const upload = async (p: Person) =>
  dataOf<{ id: string }>(
    await callApi(origin, 'assets/upload', { mime: 'image/png', data: PNG }, { json: true, token: p.token }),
  ).id;

/** An order taken by a new buyer, paid, with a chat image from each side, appealed with evidence. */
async function appealed(): Promise<{ u: Person; o: LegalOrder; evidence: string; chat: string[] }> {
  const u = await person(origin);
  const o = await take(origin, u, ad.id, 'qty', '5');
  dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'R1' }));
  const buyerImage = await upload(u);
  const sellerImage = await upload(m);
  dataOf(await as(origin, u, 'legal/messageSend', { id: o.id, text: 'I paid', imageId: buyerImage }));
  dataOf(await as(origin, m, 'legal/messageSend', { id: o.id, text: 'Nothing came', imageId: sellerImage }));
  const evidence = await upload(u);
  dataOf(await as(origin, u, 'legal/appeal', { id: o.id, reason: 'Paid, not released', evidence }));
  return { u, o, evidence, chat: [buyerImage, sellerImage] };
}

describe('an appeal as a reviewer reads it', () => {
  it('gives the order with both accounts and its figures, and the chat of both sides', async () => {
    const { u, o, evidence, chat } = await appealed();
    const list = await opsCall(origin, 'GET', 'legal/appeals', { status: 'open' });
    const item = (list.body.data as Array<Record<string, unknown>>).find((a) => a.orderId === o.id);
    expect(item).toMatchObject({
      account: u.account,
      openedBy: 'buyer',
      evidence: [evidence],
      coin: 'USDT',
      currency: 'CNY',
      amount: '35.00',
    });

    const got = await opsCall(origin, 'GET', 'legal/orders/get', { id: o.id });
    expect(got.body.data).toMatchObject({
      id: o.id,
      status: 'appeal',
      buyer: u.account,
      seller: m.account,
      shown: { price: '7.00', amount: '35.00' },
      appeal: { openedBy: 'buyer', evidence: JSON.stringify([evidence]) },
    });
    expect(Number((got.body.data as { shown: { qty: string } }).shown.qty)).toBe(5);

    const msgs = await opsCall(origin, 'GET', 'legal/orders/messages', { id: o.id });
    expect(msgs.status).toBe(200);
    const lines = msgs.body.data as OrderMessage[];
    expect(lines.map((l) => [l.role, l.text, l.imageId])).toEqual([
      ['buyer', 'I paid', chat[0]],
      ['seller', 'Nothing came', chat[1]],
    ]);
    expect((await opsCall(origin, 'GET', 'legal/orders/messages', { id: 999_999 })).body.key).toBe(
      'notFound',
    );
  });

  it('lets a reviewer read the chat, not a viewer or a support agent', async () => {
    const { o } = await appealed();
    for (const [role, status] of [
      ['reviewer', 200],
      ['viewer', 403],
      ['support', 403],
      ['admin', 403],
    ] as const) {
      const op = await createOperator(origin, `chat-${role}`, role);
      const reply = await asOperator(origin, op.token, 'legal/orders/messages', { id: o.id }, 'GET');
      expect([role, reply.status]).toEqual([role, status]);
    }
  });
});

describe('the console’s lists', () => {
  it('pages the merchant applications and the appeals by id, newest first', async () => {
    await appealed();
    await appealed();
    const all = opsData(await opsCall(origin, 'GET', 'legal/appeals', {}));
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = opsData(await opsCall(origin, 'GET', 'legal/appeals', { limit: 2 }));
    expect(first.map((a) => a.id)).toEqual(all.slice(0, 2).map((a) => a.id));
    const next = opsData(await opsCall(origin, 'GET', 'legal/appeals', { limit: 2, before: first[1]!.id }));
    expect(next[0]!.id).toBe(all[2]!.id);

    const applicant = await person(origin);
    await verifyIdentity(origin, applicant.token, 'Second Owner');
    await addBank(origin, applicant, 'Second Owner');
    dataOf(await as(origin, applicant, 'legal/merchantApply', { nickname: 'Second Shop' }));
    const apps = opsData(await opsCall(origin, 'GET', 'legal/applications', {}));
    expect(apps[0]).toMatchObject({ account: applicant.account, status: 'review' });
    const older = opsData(await opsCall(origin, 'GET', 'legal/applications', { before: apps[0]!.id }));
    expect(older.map((a) => a.id)).toEqual(apps.slice(1).map((a) => a.id));
  });

  it('lists the freezes in force with the account, and a lifted one only with `all`', async () => {
    const { u, o } = await appealed();
    dataOf(
      await as(origin, u, 'legal/order', { id: o.id }), // the buyer still sees the order
    );
    const decided = await opsCall(origin, 'POST', 'legal/appeals/decide', {
      orderId: o.id,
      outcome: 'return',
      fraud: 'true',
      note: 'No payment arrived',
    });
    expect(decided.status).toBe(200);
    const active = opsData(await opsCall(origin, 'GET', 'legal/freezes/list', {}));
    const freeze = active.find((f) => f.userId === u.id);
    expect(freeze).toMatchObject({ account: u.account, orderId: o.id, reason: 'No payment arrived' });
    const lifted = await opsCall(origin, 'POST', 'legal/freezes/lift', {
      id: freeze!.id,
      reason: 'Paid later',
    });
    expect(lifted.status).toBe(200);
    const after = opsData(await opsCall(origin, 'GET', 'legal/freezes/list', {}));
    expect(after.some((f) => f.id === freeze!.id)).toBe(false);
    const every = opsData(await opsCall(origin, 'GET', 'legal/freezes/list', { all: '1' }));
    expect(every.find((f) => f.id === freeze!.id)).toMatchObject({ liftedBy: 'alice' });
  });
});

function opsData(reply: { body: { data?: unknown } }): Array<Record<string, unknown> & { id: number }> {
  return reply.body.data as Array<Record<string, unknown> & { id: number }>;
}
