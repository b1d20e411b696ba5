import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDeposit, EndpointName, SpotOrder, Withdrawal } from '../../domain';
import { callApi, type RawReply } from '../support/api';
import { bankDeposit, depositor } from '../support/bank';
import { call, dataOf, fund } from '../support/assets';
import { callOps, startWithdrawServer, withdrawer, requestWithdraw } from '../support/withdrawals';
import type { TestServer } from '../support/server';
import { registerUser } from '../support/accounts';

/**
 * The spellings of `n` that `Number()` reads as `n` and the API must not: hex, sign, exponent,
 * fraction, spaces, leading zeros.
 */
function looseSpellings(n: number): string[] {
  return [
    `0x${n.toString(16)}`,
    `+${n}`,
    `${n}e0`,
    `${n / 10}e1`,
    `${n}.0`,
    ` ${n}`,
    `${n} `,
    `0${n}e0`,
    `0${n}`,
    `00${n}`,
  ];
}
/** The probe's own strings: each is a number from 118 to 122 to `Number()`, inside every list's range. */
const PROBE = ['0x79', '+119', '120e0', '12.2e1', '118.0'];

let server: TestServer;
beforeAll(async () => {
  // The bank terms come from the catalog; the withdrawal server helper takes catalog keys.
  server = await startWithdrawServer({
    sim: false,
    catalog: {
      bankDeposit: {
        coin: 'USDT',
        currency: 'USD',
        rate: '7',
        minAmount: '10',
        maxAmount: '5000',
        receiving: { bank: 'Ops Bank', branch: 'HQ', cardNumber: '6222020000009999', holder: 'Exchange Ltd' },
      },
    } as never,
  });
});
afterAll(() => server?.close());

/** The localized "malformed parameter" answer (`badRequest` for the field), not a lookup's notFound. */
const malformed = (r: Pick<RawReply, 'status' | 'body'>, field: string) => {
  expect([r.body?.code, r.body?.key, r.body?.field]).toEqual([400, 'badRequest', field]);
};

describe('every id field reads a canonical decimal integer only', () => {
  it('trade/cancel orderId: no loose spelling of an open order id cancels it', async () => {
    const grant = await registerUser(server.origin);
    await fund(server.dataDir, grant.user.id, 'USDT', '1000');
    const order = dataOf<SpotOrder>(
      await call(server.origin, 'trade/place', grant.token, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        qty: '0.01',
      }),
    );
    for (const orderId of looseSpellings(order.id)) {
      malformed(await call(server.origin, 'trade/cancel', grant.token, { orderId }), 'orderId');
    }
    // JSON bodies carry the same text rules for strings.
    malformed(
      await callApi(
        server.origin,
        'trade/cancel',
        { orderId: `0x${order.id.toString(16)}` },
        { token: grant.token, json: true },
      ),
      'orderId',
    );
    const open = dataOf<SpotOrder[]>(
      await call(server.origin, 'trade/orders', grant.token, { status: 'open' }),
    );
    expect(open.map((o) => o.id)).toEqual([order.id]);
    expect(
      dataOf<SpotOrder>(
        await call(server.origin, 'trade/cancel', grant.token, { orderId: String(order.id) }),
      ),
    ).toMatchObject({ id: order.id, status: 'cancelled' });
  });

  it('withdrawal cancel, address unbind and the operator reviews of withdrawals', async () => {
    const u = await withdrawer(server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(server.origin, u));
    const addresses = dataOf<{ id: number }[]>(await call(server.origin, 'assets/addresses', u.token));
    const addressId = addresses[0]!.id;
    for (const id of looseSpellings(w.id)) {
      malformed(await call(server.origin, 'assets/withdrawCancel', u.token, { id }), 'id');
      malformed(
        await callOps(server.origin, 'POST', 'withdrawals/approve', { id, txid: 'a'.repeat(64) }),
        'id',
      );
      malformed(await callOps(server.origin, 'POST', 'withdrawals/reject', { id, reason: 'no' }), 'id');
    }
    for (const id of looseSpellings(addressId)) {
      malformed(await call(server.origin, 'assets/unbindAddress', u.token, { id }), 'id');
    }
    const list = dataOf<Withdrawal[]>(await call(server.origin, 'assets/withdrawals', u.token));
    expect(list.find((x) => x.id === w.id)?.status).toBe(w.status);
    expect(dataOf<{ id: number }[]>(await call(server.origin, 'assets/addresses', u.token))).toHaveLength(1);
    // The plain ids still work.
    expect(
      dataOf<Withdrawal>(await call(server.origin, 'assets/withdrawCancel', u.token, { id: String(w.id) })),
    ).toMatchObject({ id: w.id });
    dataOf(await call(server.origin, 'assets/unbindAddress', u.token, { id: String(addressId) }));
  });

  it('bank deposit detail and the operator reviews of bank deposits', async () => {
    const d = await depositor(server.origin);
    const dep = dataOf<BankDeposit>(await bankDeposit(server.origin, d.token, { proofId: d.proofId }));
    for (const id of looseSpellings(dep.id)) {
      malformed(await call(server.origin, 'assets/bankDepositDetail', d.token, { id }), 'id');
      malformed(await callOps(server.origin, 'POST', 'bank-deposits/confirm', { id }), 'id');
      malformed(await callOps(server.origin, 'POST', 'bank-deposits/reject', { id, reason: 'no' }), 'id');
    }
    expect(
      dataOf<BankDeposit>(
        await call(server.origin, 'assets/bankDepositDetail', d.token, { id: String(dep.id) }),
      ),
    ).toMatchObject({ id: dep.id, status: dep.status });
  });
});

describe('every count and cursor field reads decimal digits only, within range', () => {
  /** [endpoint, field, a valid value, other required fields]. */
  const API: [EndpointName, string, number, Record<string, string>][] = [
    ['trade/orders', 'limit', 10, {}],
    ['trade/orders', 'before', 1000, {}],
    ['trade/fills', 'limit', 10, {}],
    ['trade/fills', 'before', 1000, {}],
    ['market/candles', 'limit', 10, { symbol: 'BTC/USDT', interval: '1m' }],
    ['market/candles', 'before', 1_700_000_000_000, { symbol: 'BTC/USDT', interval: '1m' }],
    ['assets/transfers', 'limit', 10, {}],
    ['assets/transfers', 'before', 1000, {}],
    ['assets/journal', 'limit', 10, {}],
    ['assets/journal', 'before', 1000, {}],
    ['assets/deposits', 'limit', 10, {}],
    ['assets/deposits', 'before', 1000, {}],
    ['assets/withdrawals', 'limit', 10, {}],
    ['assets/withdrawals', 'before', 1000, {}],
    ['assets/bankDeposits', 'limit', 10, {}],
    ['assets/bankDeposits', 'before', 1000, {}],
  ];
  const OPS: ['GET' | 'POST', string, string, number, Record<string, string>][] = [
    ['GET', 'actions', 'limit', 10, {}],
    ['GET', 'actions', 'before', 1000, {}],
    ['GET', 'deposits', 'limit', 10, {}],
    ['GET', 'deposits', 'before', 1000, {}],
    ['GET', 'withdrawals', 'limit', 10, {}],
    ['GET', 'withdrawals', 'before', 1000, {}],
    ['GET', 'bank-deposits', 'limit', 10, {}],
    ['GET', 'bank-deposits', 'before', 1000, {}],
    ['POST', 'sim/mine', 'blocks', 5, {}],
  ];
  let token: string;
  beforeAll(async () => {
    token = (await registerUser(server.origin)).token;
  });

  it.each(API)('%s %s', async (name, field, valid, extra) => {
    for (const bad of [...PROBE, ...looseSpellings(valid), '-1']) {
      const res = await call(server.origin, name, token, { ...extra, [field]: bad });
      expect([res.body?.code, res.body?.key, res.body?.field], `${field}=${JSON.stringify(bad)}`).toEqual([
        400,
        'badRequest',
        field,
      ]);
    }
    expect((await call(server.origin, name, token, { ...extra, [field]: String(valid) })).status).toBe(200);
  });

  it.each(OPS)('ops %s %s %s', async (method, route, field, valid, extra) => {
    for (const bad of [...PROBE, ...looseSpellings(valid), '-1']) {
      const res = await callOps(server.origin, method, route, { ...extra, [field]: bad });
      expect([res.body?.code, res.body?.key, res.body?.field], `${field}=${JSON.stringify(bad)}`).toEqual([
        400,
        'badRequest',
        field,
      ]);
    }
    expect((await callOps(server.origin, method, route, { ...extra, [field]: String(valid) })).status).toBe(
      200,
    );
  });
});
