// Issue 29: "a merchant approval and a coin-listing review appear only after a reload, while a KYC
// approval updates by itself". Every operator decision that changes what a user sees is pushed on
// the user's private channel as a `decision` event; the worker core hands it to the page's listener,
// and the page's next read shows the decision.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BankDeposit, DecisionSubject, PrivateEvent, Withdrawal } from '../../domain';
import type { LegalMe } from '../../domain/legal';
import type { ListingApplication } from '../../domain/listing-types';
import { createCore, type Core } from '../../worker/core';
import { TEST_PASSWORD } from '../support/accounts';
import { watchPrivate, type PrivateWatch } from '../support/private-events';
import type { TestServer } from '../support/server';
import { call, dataOf } from '../support/assets';
import { bankDeposit, depositor, opsCall, TERMS, uploadProof } from '../support/bank';
import { verifyIdentity } from '../support/identity';
import { addBank, as, merchant, person, publish, take, type Person } from '../support/legal';
import { requestWithdraw, startWithdrawServer, withdrawer } from '../support/withdrawals';

let server: TestServer;
let origin: string;
const watches: PrivateWatch[] = [];

beforeAll(async () => {
  server = await startWithdrawServer({ sim: false, catalog: { bankDeposit: TERMS } as never });
  origin = server.origin;
});
afterAll(async () => {
  for (const w of watches) w.close();
  await server?.close();
});

async function watch(token: string): Promise<PrivateWatch> {
  const w = await watchPrivate(origin, token);
  watches.push(w);
  return w;
}

/** Waits for the `decision` event of `subject` on record `id` in `state`. */
async function decided(w: PrivateWatch, subject: DecisionSubject, id: number, state: string): Promise<void> {
  const end = Date.now() + 5_000;
  const match = (e: PrivateEvent) =>
    e.type === 'decision' && e.subject === subject && e.id === id && e.state === state;
  while (!w.events.some(match)) {
    if (Date.now() > end) {
      throw new Error(`no ${subject} ${id} ${state} decision; got ${JSON.stringify(w.events)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ok = (r: { status: number; body: { code?: number } }) => {
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
};

/** A user whose merchant application is in review. */
async function applicant(): Promise<Person & { applicationId: number }> {
  const p = await person(origin);
  await verifyIdentity(origin, p.token);
  await addBank(origin, p);
  dataOf(await as(origin, p, 'legal/merchantApply', { nickname: `Shop ${p.id}` }));
  const apps = await opsCall(origin, 'GET', 'legal/applications', { status: 'review' });
  const app = (apps.body.data as { id: number; userId: number }[]).find((a) => a.userId === p.id)!;
  return { ...p, applicationId: app.id };
}

const LISTING = {
  project: 'Acme Network',
  chain: 'ERC20',
  contract: '0x' + 'ab'.repeat(20),
  website: 'https://acme.example',
  contact: 'team@acme.example',
  description: 'A token for the Acme network.',
};

describe('each operator decision reaches the user’s private channel', () => {
  it('bank deposits: confirm and reject', async () => {
    const d = await depositor(origin);
    const a = dataOf<BankDeposit>(await bankDeposit(origin, d.token, { proofId: d.proofId }));
    const b = dataOf<BankDeposit>(
      await bankDeposit(origin, d.token, { proofId: await uploadProof(origin, d.token), reference: 'REF-2' }),
    );
    const w = await watch(d.token);
    ok(await opsCall(origin, 'POST', 'bank-deposits/confirm', { id: a.id }));
    await decided(w, 'bankDeposit', a.id, 'confirmed');
    ok(await opsCall(origin, 'POST', 'bank-deposits/reject', { id: b.id, reason: 'no money' }));
    await decided(w, 'bankDeposit', b.id, 'rejected');
  });

  it('withdrawals: approve and reject', async () => {
    const u = await withdrawer(server, '100');
    const a = dataOf<Withdrawal>(await requestWithdraw(origin, u));
    const b = dataOf<Withdrawal>(await requestWithdraw(origin, u));
    const w = await watch(u.token);
    ok(await opsCall(origin, 'POST', 'withdrawals/approve', { id: a.id, txid: 'a'.repeat(64) }));
    await decided(w, 'withdrawal', a.id, 'approved');
    ok(await opsCall(origin, 'POST', 'withdrawals/reject', { id: b.id, reason: 'no' }));
    await decided(w, 'withdrawal', b.id, 'rejected');
  });

  it('merchant applications: approve and reject', async () => {
    const yes = await applicant();
    const no = await applicant();
    const wy = await watch(yes.token);
    const wn = await watch(no.token);
    ok(await opsCall(origin, 'POST', 'legal/applications/approve', { id: yes.applicationId }));
    await decided(wy, 'merchant', yes.applicationId, 'approved');
    ok(await opsCall(origin, 'POST', 'legal/applications/reject', { id: no.applicationId, reason: 'no' }));
    await decided(wn, 'merchant', no.applicationId, 'rejected');
    // Each user hears only of their own.
    expect(wy.events.filter((e) => e.type === 'decision')).toHaveLength(1);
  });

  it('appeals: both parties hear the decision; lifting the fraud freeze reaches the buyer', async () => {
    const m = await merchant(origin, server.dataDir);
    const ad = await publish(origin, m);
    const u = await person(origin);
    const o = await take(origin, u, ad.id, 'qty', '5');
    dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'fake' }));
    dataOf(await as(origin, m, 'legal/appeal', { id: o.id, reason: 'No money arrived' }));
    const wu = await watch(u.token);
    const wm = await watch(m.token);
    ok(
      await opsCall(origin, 'POST', 'legal/appeals/decide', {
        orderId: o.id,
        outcome: 'return',
        fraud: 'true',
        note: 'marked paid without paying',
      }),
    );
    await decided(wu, 'appeal', o.id, 'abnormal');
    await decided(wm, 'appeal', o.id, 'abnormal');
    const freeze = dataOf<LegalMe>(await as(origin, u, 'legal/me')).freeze!;
    ok(await opsCall(origin, 'POST', 'legal/freezes/lift', { id: freeze.id, reason: 'paid later' }));
    await decided(wu, 'freeze', freeze.id, 'lifted');
  });

  it('coin listings: review, accept and reject', async () => {
    const p = await person(origin);
    const apply = async (symbol: string) =>
      dataOf<ListingApplication>(await call(origin, 'listing/apply', p.token, { ...LISTING, symbol }));
    const a = await apply('acme');
    const b = await apply('bolt');
    const w = await watch(p.token);
    ok(await opsCall(origin, 'POST', 'listings/review', { id: a.id }));
    await decided(w, 'listing', a.id, 'review');
    ok(await opsCall(origin, 'POST', 'listings/accept', { id: a.id }));
    await decided(w, 'listing', a.id, 'accepted');
    ok(await opsCall(origin, 'POST', 'listings/reject', { id: b.id, reason: 'not yet' }));
    await decided(w, 'listing', b.id, 'rejected');
  });
});

describe('worker core: the page’s listener hears the decision and its next read shows it', () => {
  let core: Core;
  afterAll(async () => {
    await core?.dispose();
  });

  it('a merchant approval and a listing rejection, through the core the app runs', async () => {
    const p = await applicant();
    core = createCore({
      fetch: (url, init) => fetch(url, init),
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `decision-events-${process.pid}`,
    });
    await core.init({ origin, socketPath: '/ws' });
    const login = await core.call('user/login', { account: p.account, password: TEST_PASSWORD });
    expect(login.ok).toBe(true);
    const listing = dataOf<ListingApplication>(
      await call(origin, 'listing/apply', p.token, { ...LISTING, symbol: 'core' }),
    );
    const before = await core.call('legal/me', {});
    expect(before).toMatchObject({ ok: true, data: { merchant: null, application: { status: 'review' } } });

    // What the pages' hook (useDecisionReload) does: listen, and read again on the event.
    const heard: PrivateEvent[] = [];
    const sub = await core.subscribe('private', (e) => void heard.push(e as PrivateEvent));
    await core.whenSubscribed(sub);
    ok(await opsCall(origin, 'POST', 'legal/applications/approve', { id: p.applicationId }));
    ok(await opsCall(origin, 'POST', 'listings/reject', { id: listing.id, reason: 'not yet' }));
    const end = Date.now() + 5_000;
    while (heard.filter((e) => e.type === 'decision').length < 2 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(heard.filter((e) => e.type === 'decision')).toEqual([
      { type: 'decision', subject: 'merchant', id: p.applicationId, state: 'approved' },
      { type: 'decision', subject: 'listing', id: listing.id, state: 'rejected' },
    ]);
    const after = await core.call('legal/me', {});
    expect(after).toMatchObject({ ok: true, data: { application: { status: 'approved' } } });
    expect((after as { data: LegalMe }).data.merchant).not.toBeNull();
    const mine = await core.call('listing/mine', {});
    expect(mine).toMatchObject({
      ok: true,
      data: [{ id: listing.id, status: 'rejected', reason: 'not yet' }],
    });
    await core.unsubscribe(sub);
  });
});
