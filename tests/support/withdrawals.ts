import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BoundAddress, Withdrawal } from '../../domain';
import type { Catalog } from '../../server/market/catalog';
import type { Config } from '../../server/config';
import { registerUser } from '../support/accounts';
import { callApi, type RawReply } from '../support/api';
import { readOutboxCode, startTestServer, TEST_RATE_LIMITS, type TestServer } from './server';
import { call, dataOf, fund, rowsOf, SNAPSHOT_QUERIES } from './assets';
import { withServerDb } from './server-db';

/** The operator token of the withdrawal test servers. */
export const OPS_TOKEN = 'test-token';
/** A trade password that passes the rules and differs from the login password. */
export const TRADE_PASSWORD = 'Trade456x';
/** Well-formed addresses per chain. */
export const ADDR = {
  TRC20: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  TRC20_OTHER: 'TQ9zAbRWGAprd3yQFqCunz1LQ2YynTk8Xn',
  ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
} as const;

/**
 * A test server with the operator API on, code resends allowed at once and the per-user secret
 * budget raised (the parallel tests send 50 withdrawals from one user within a second). `sim: false`
 * stops the market simulator, whose fees also reach the house account, for exact house totals;
 * `catalog` replaces top-level catalog keys, as an operator's CATALOG_FILE does.
 */
export async function startWithdrawServer(
  opts: { perUser?: number; sim?: boolean; catalog?: Partial<Catalog>; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const perUser = opts.perUser ?? 100_000;
  let catalogDir: string | undefined;
  if (opts.catalog) {
    catalogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-catalog-'));
    fs.writeFileSync(path.join(catalogDir, 'catalog.json'), JSON.stringify(opts.catalog));
  }
  const removeCatalog = () => catalogDir && fs.rmSync(catalogDir, { recursive: true, force: true });
  try {
    const server = await startTestServer({
      operatorToken: OPS_TOKEN,
      ...(opts.sim === false && { simMarket: false }),
      ...(catalogDir && { catalogFile: path.join(catalogDir, 'catalog.json') }),
      rateLimits: {
        ...TEST_RATE_LIMITS,
        codeResendMs: 1,
        tradePwdChecksPerMinute: perUser,
      },
      ...opts.config,
    });
    return {
      ...server,
      async close() {
        await server.close();
        removeCatalog();
      },
    };
  } catch (err) {
    removeCatalog();
    throw err;
  }
}

/** A registered user as the tests use it. */
export interface TestUser {
  token: string;
  id: number;
  account: string;
}

/** Sends a code for `scene` to the user's account and reads it from the demo outbox. */
export async function codeFor(origin: string, account: string, scene: 'bind' | 'tradePwd'): Promise<string> {
  const sent = await callApi(origin, 'sms/send', { account, scene });
  if (sent.body?.type !== 'ok') throw new Error(`sms/send failed: ${sent.text}`);
  return readOutboxCode(origin, account);
}

/** Sets the user's trade password through the real endpoints. */
export async function setTradePassword(origin: string, u: TestUser): Promise<void> {
  const code = await codeFor(origin, u.account, 'tradePwd');
  dataOf(
    await call(origin, 'user/tradePwd', u.token, { code, password: TRADE_PASSWORD, confirm: TRADE_PASSWORD }),
  );
}

/** Binds a withdrawal address with a fresh `bind` code. */
export async function bindAddress(
  origin: string,
  u: TestUser,
  coin: string,
  chain: string,
  address: string,
  label?: string,
): Promise<BoundAddress> {
  const code = await codeFor(origin, u.account, 'bind');
  return dataOf<BoundAddress>(
    await call(origin, 'assets/bindAddress', u.token, {
      coin,
      chain,
      address,
      code,
      ...(label !== undefined && { label }),
    }),
  );
}

/**
 * A user with `usdt` in spot, a trade password and (unless `bind` is false) the TRC20 address bound
 * for USDT: ready to withdraw.
 */
export async function withdrawer(
  server: TestServer,
  usdt = '100',
  opts: { bind?: boolean; tradePassword?: boolean } = {},
): Promise<TestUser> {
  const grant = await registerUser(server.origin);
  const u = { token: grant.token, id: grant.user.id, account: grant.user.account };
  if (usdt !== '0') await fund(server.dataDir, u.id, 'USDT', usdt);
  if (opts.tradePassword !== false) await setTradePassword(server.origin, u);
  if (opts.bind !== false) await bindAddress(server.origin, u, 'USDT', 'TRC20', ADDR.TRC20);
  return u;
}

/** Requests a USDT withdrawal on TRC20 to the usual address; `patch` overrides any field. */
export function requestWithdraw(
  origin: string,
  u: TestUser,
  patch: Record<string, string> = {},
  lang?: string,
): Promise<RawReply> {
  const req = {
    coin: 'USDT',
    chain: 'TRC20',
    address: ADDR.TRC20,
    amount: '20',
    tradePassword: TRADE_PASSWORD,
    ...patch,
  };
  return call(origin, 'assets/withdraw', u.token, req, lang);
}

/** Calls an operator route (`/api/ops/{name}`) as `operator`; GET sends a query, POST a form body. */
export async function callOps(
  origin: string,
  method: 'GET' | 'POST',
  name: string,
  fields: Record<string, string | number> = {},
  operator = 'alice',
): Promise<Pick<RawReply, 'status' | 'body'>> {
  const params = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': operator };
  let url = `${origin}/api/ops/${name}`;
  let body: string | undefined;
  if (method === 'GET') url += `?${params}`;
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = params.toString();
  }
  const res = await fetch(url, { method, headers, ...(body !== undefined && { body }) });
  return { status: res.status, body: await res.json() };
}

/** Approves a withdrawal through the operator API and returns the updated record. */
export async function approve(
  origin: string,
  id: number,
  txid: string,
  operator = 'alice',
): Promise<Withdrawal> {
  const r = await callOps(origin, 'POST', 'withdrawals/approve', { id, txid }, operator);
  if (r.body?.code !== 200) throw new Error(`approve failed: ${JSON.stringify(r.body)}`);
  return r.body.data as Withdrawal;
}

/** Spot, house and world balances of one coin, in decimal strings of 8 places. */
export function holdings(dataDir: string, userId: number, coin = 'USDT') {
  return withServerDb(
    dataDir,
    async (db) => {
      const one = (uid: number) =>
        db.get<{ available: bigint; frozen: bigint }>(
          'select available, frozen from balances where user_id = ? and account = ? and coin = ?',
          uid,
          'spot',
          coin,
        );
      const u = await one(userId);
      return {
        available: u?.available ?? 0n,
        frozen: u?.frozen ?? 0n,
        house: (await one(0))?.available ?? 0n,
        world: (await one(-1))?.available ?? 0n,
      };
    },
    { bigints: true },
  );
}

/** The snapshot of `./assets` plus the user's withdrawal and address rows (all columns). */
export function fullSnapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    ...SNAPSHOT_QUERIES,
    withdrawals: 'select * from withdrawals where user_id = ? order by id',
    addresses: 'select * from withdraw_addresses where user_id = ? order by id',
  });
}
