import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../domain';
import { registerUser } from '../support/accounts';
import type { TestServer } from '../support/server';
import { badForms, expectMalformed, send, sendApi, type Pairs } from '../support/strict-params';
import { OPS_TOKEN, startWithdrawServer } from '../support/withdrawals';

// Issue 29: every id and paging field of every route goes through the one id parser and the one
// paging parser of server/http/input.ts. Each malformed spelling below is answered with the
// localized "malformed parameter" (`badRequest` for the field), before anything is looked up.

/** Sends `pairs` to an operator route. */
function sendOps(origin: string, method: 'GET' | 'POST', route: string, pairs: Pairs) {
  const headers = { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': 'alice', lang: 'id' };
  return send(`${origin}/api/ops/${route}`, method, headers, pairs);
}

let server: TestServer;
let token: string;
let account: string;
beforeAll(async () => {
  server = await startWithdrawServer({ sim: false });
  const grant = await registerUser(server.origin);
  token = grant.token;
  account = grant.user.account;
});
afterAll(() => server?.close());

/** [endpoint, field, a valid value, other fields]: every user route with an id or paging field. */
const API: [EndpointName, string, number, Record<string, string>][] = [
  ['trade/cancel', 'orderId', 117, {}],
  ['trade/orders', 'before', 12, {}],
  ['trade/orders', 'limit', 5, {}],
  ['trade/fills', 'before', 12, {}],
  ['trade/fills', 'limit', 5, {}],
  ['market/candles', 'before', 12, { symbol: 'BTC/USDT', interval: '1m' }],
  ['market/candles', 'limit', 5, { symbol: 'BTC/USDT', interval: '1m' }],
  ['assets/bankDepositDetail', 'id', 1, {}],
  ['assets/withdrawCancel', 'id', 1, {}],
  ['assets/unbindAddress', 'id', 1, {}],
  ['assets/journal', 'before', 12, {}],
  ['assets/journal', 'limit', 5, {}],
  ['assets/transfers', 'before', 12, {}],
  ['assets/deposits', 'limit', 5, {}],
  ['assets/withdrawals', 'before', 12, {}],
  ['assets/bankDeposits', 'limit', 5, {}],
  ['team/members', 'before', 12, {}],
  ['team/rebates', 'limit', 5, {}],
  ['legal/ads', 'before', 12, { side: 'buy', coin: 'USDT', currency: 'USD' }],
  ['legal/ads', 'limit', 5, { side: 'buy', coin: 'USDT', currency: 'USD' }],
  ['legal/orders', 'before', 12, {}],
  ['legal/orders', 'limit', 5, {}],
  ['legal/ad', 'id', 1, {}],
  ['legal/order', 'id', 1, {}],
  ['legal/pay', 'id', 1, { reference: 'x' }],
  ['legal/release', 'id', 1, {}],
  ['legal/cancel', 'id', 1, {}],
  ['legal/appeal', 'id', 1, { reason: 'x' }],
  ['legal/image', 'orderId', 1, { id: 'a'.repeat(32) }],
  ['legal/messages', 'id', 1, {}],
  ['legal/messageSend', 'id', 1, { text: 'x' }],
  ['legal/merchant', 'userId', 1, {}],
  ['legal/methodRemove', 'id', 1, {}],
  ['legal/methodSave', 'id', 1, { kind: 'bank', realName: 'A B', bank: 'B', cardNumber: '6222020000001234' }],
  ['legal/take', 'adId', 1, { by: 'amount', value: '10' }],
  ['legal/adSave', 'id', 1, {}],
  ['legal/adPause', 'id', 1, { paused: 'true' }],
  ['legal/adWithdraw', 'id', 1, {}],
  ['lever/order', 'id', 1, {}],
  ['lever/cancel', 'id', 1, {}],
  ['lever/close', 'id', 1, {}],
  ['lever/tpsl', 'id', 1, { tp: '1' }],
  ['lever/orders', 'before', 12, {}],
  ['lever/orders', 'limit', 5, {}],
  ['second/options', 'before', 12, {}],
  ['second/options', 'limit', 5, {}],
  ['second/detail', 'id', 1, {}],
  ['news/list', 'before', 12, {}],
  ['news/list', 'limit', 5, {}],
  ['news/detail', 'id', 1, {}],
  ['kefu/history', 'before', 12, {}],
  ['kefu/history', 'limit', 5, {}],
  ['kefu/mark', 'upTo', 1, { state: 'read' }],
];

/** [method, route, field, a valid value, other fields]: every operator route with one. */
const OPS: ['GET' | 'POST', string, string, number, () => Record<string, string>][] = [
  ['GET', 'actions', 'before', 12, () => ({})],
  ['GET', 'actions', 'limit', 5, () => ({})],
  ['GET', 'deposits', 'before', 12, () => ({})],
  ['GET', 'withdrawals', 'limit', 5, () => ({})],
  ['GET', 'bank-deposits', 'before', 12, () => ({})],
  ['GET', 'kyc', 'limit', 5, () => ({})],
  ['POST', 'kyc/approve', 'id', 1, () => ({})],
  ['POST', 'kyc/reject', 'id', 1, () => ({ reason: 'x' })],
  ['POST', 'bank-deposits/confirm', 'id', 1, () => ({})],
  ['POST', 'bank-deposits/reject', 'id', 1, () => ({ reason: 'x' })],
  ['POST', 'withdrawals/approve', 'id', 1, () => ({ txid: 'a'.repeat(64) })],
  ['POST', 'withdrawals/reject', 'id', 1, () => ({ reason: 'x' })],
  ['POST', 'legal/applications/approve', 'id', 1, () => ({})],
  ['POST', 'legal/applications/reject', 'id', 1, () => ({ reason: 'x' })],
  ['GET', 'legal/orders/get', 'id', 1, () => ({})],
  ['POST', 'legal/appeals/decide', 'orderId', 1, () => ({ outcome: 'release' })],
  ['POST', 'legal/freezes/lift', 'id', 1, () => ({ reason: 'x' })],
  ['POST', 'listings/review', 'id', 1, () => ({})],
  ['POST', 'listings/accept', 'id', 1, () => ({})],
  ['POST', 'listings/reject', 'id', 1, () => ({ reason: 'x' })],
  ['POST', 'news/update', 'id', 1, () => ({ title: 'x' })],
  ['POST', 'news/withdraw', 'id', 1, () => ({})],
  ['GET', 'kefu/messages', 'before', 12, () => ({ account })],
  ['POST', 'kefu/read', 'upTo', 1, () => ({ account })],
  ['POST', 'sim/mine', 'blocks', 5, () => ({})],
];

describe('every id and paging field: a canonical positive decimal integer or a malformed-parameter error', () => {
  it.each(API)('%s %s', async (name, field, valid, extra) => {
    for (const bad of badForms(field, valid)) {
      const sent: Pairs = [...Object.entries(extra), ...bad];
      expectMalformed(await sendApi(server.origin, name, token, sent), field, sent);
    }
  });

  it.each(OPS)('ops %s %s %s', async (method, route, field, valid, extra) => {
    for (const bad of badForms(field, valid)) {
      const sent: Pairs = [...Object.entries(extra()), ...bad];
      const body = await sendOps(server.origin, method, route, sent);
      expect([body.key, body.field], JSON.stringify(sent)).toEqual(['badRequest', field]);
    }
  });

  it('the canonical spelling is still read: a page of the hall and a missing record', async () => {
    const hall = await sendApi(server.origin, 'legal/ads', token, [
      ['side', 'buy'],
      ['coin', 'USDT'],
      ['currency', 'USD'],
      ['before', '12'],
      ['limit', '5'],
    ]);
    expect(hall).toMatchObject({ code: 200 });
    const missing = await sendApi(server.origin, 'assets/bankDepositDetail', token, [['id', '1']]);
    expect(missing).toMatchObject({ key: 'notFound' });
  });
});
