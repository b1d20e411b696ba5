import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { readOutboxCode, startTestServer, type TestServer } from '../support/server';
import { accountBalance, call, dataOf, rowsOf, SNAPSHOT_QUERIES } from './assets';

/** Real 1×1 images (`file` recognises each), base64. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
  '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
export const WEBP = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

/** Operator token the bank tests start their servers with. */
export const OPS_TOKEN = 'test-token';
export const TRADE_PWD = 'Trade123';

/** An ops reply: HTTP status and the parsed body. */
export interface OpsReply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary envelopes
}

/** Calls `/api/ops/{name}` as `operator` with the test token (GET query or JSON body). */
export async function opsCall(
  origin: string,
  method: 'GET' | 'POST',
  name: string,
  fields: Record<string, string | number> = {},
  operator = 'alice',
): Promise<OpsReply> {
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const query = method === 'GET' ? `?${new URLSearchParams(text)}` : '';
  const res = await fetch(`${origin}/api/ops/${name}${query}`, {
    method,
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      'x-operator': operator,
      ...(method === 'POST' && { 'content-type': 'application/json' }),
    },
    ...(method === 'POST' && { body: JSON.stringify(fields) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Sets TRADE_PWD through the real code flow (sms/send → outbox → user/tradePwd). */
export async function setTradePassword(origin: string, account: string, token: string): Promise<void> {
  await callApi(origin, 'sms/send', { account, scene: 'tradePwd' });
  const code = await readOutboxCode(origin, account);
  const set = await callApi(
    origin,
    'user/tradePwd',
    { code, password: TRADE_PWD, confirm: TRADE_PWD },
    { token },
  );
  if (set.body?.code !== 200) throw new Error(`user/tradePwd failed: ${set.text}`);
}

/** Everything a refused bank call must leave untouched: balances, journal, deposits, uploads, card. */
export function bankState(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    ...SNAPSHOT_QUERIES,
    deposits: 'select * from bank_deposits where user_id = ? order by id',
    uploads: 'select * from uploads where user_id = ? order by id',
    card: 'select * from bank_cards where user_id = ?',
  });
}

/** The user's available spot USDT, in ledger minor units (1e-8). */
export async function spotUnits(dataDir: string, userId: number): Promise<bigint> {
  return (await accountBalance(dataDir, userId, 'spot')).available;
}

/** Bank terms with a rate of more decimals than USDT's 6, so credits have to be floored. */
export const TERMS = {
  coin: 'USDT',
  currency: 'USD',
  rate: '7.123456789',
  minAmount: '10',
  maxAmount: '5000',
  receiving: { bank: 'Ops Bank', branch: 'HQ', cardNumber: '6222020000009999', holder: 'Exchange Ltd' },
};

/** A test server whose catalog has `bankDeposit` set to `terms` (null turns bank deposits off). */
export async function startBankServer(terms: typeof TERMS | null = TERMS): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-catalog-'));
  const catalogFile = path.join(dir, 'catalog.json');
  fs.writeFileSync(catalogFile, JSON.stringify({ bankDeposit: terms }));
  try {
    const server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false, catalogFile });
    return {
      ...server,
      async close() {
        await server.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Uploads the PNG proof and returns its id. */
export async function uploadProof(origin: string, token: string): Promise<string> {
  const res = await callApi(origin, 'assets/upload', { mime: 'image/png', data: PNG }, { json: true, token });
  return dataOf<{ id: string }>(res).id;
}

/** A user with a trade password, a card held by `Li Lei` (unless `withCard` is false) and one proof. */
export async function depositor(origin: string, withCard = true) {
  const grant = await registerUser(origin);
  const { token } = grant;
  if (withCard) {
    await setTradePassword(origin, grant.user.account, token);
    dataOf(
      await call(origin, 'user/bindCard', token, {
        bank: 'Bank of Tests',
        branch: 'Main St',
        cardNumber: '6222020000001234567',
        holder: 'Li Lei',
        tradePassword: TRADE_PWD,
      }),
    );
  }
  return { token, id: grant.user.id, account: grant.user.account, proofId: await uploadProof(origin, token) };
}

/** Sends a bank deposit of 123.45 by Li Lei with reference REF-1, fields overriding. */
export function bankDeposit(origin: string, token: string, fields: Record<string, string>, lang?: string) {
  const req = { amount: '123.45', payerName: 'Li Lei', reference: 'REF-1', ...fields };
  return call(origin, 'assets/bankDeposit', token, req, lang);
}
