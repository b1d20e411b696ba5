import type { CryptoDeposit } from '../../domain';
import { readReply, type RawReply } from '../support/api';
import { call, dataOf } from './assets';
import { withServerDb } from './server-db';

/** The operator token the deposit tests start their servers with. */
export const OPS_TOKEN = 'test-token';
/** Blocks never come from the timer in these tests: `sim/mine` steps them. */
export const NO_TIMER_BLOCK_MS = 3_600_000;

/** How to send an ops request; by default the right token and operator `alice`. */
export interface OpsOptions {
  method?: 'GET' | 'POST';
  token?: string | null;
  operator?: string | null;
  lang?: string;
}

/** Calls `/api/ops/{route}` (POST with a form body unless `method` says GET). */
export async function opsCall(
  origin: string,
  route: string,
  fields: Record<string, string | number> = {},
  options: OpsOptions = {},
): Promise<RawReply> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? OPS_TOKEN : options.token;
  const operator = options.operator === undefined ? 'alice' : options.operator;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (operator !== null) headers['x-operator'] = operator;
  if (options.lang) headers.lang = options.lang;
  const params = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  let url = `${origin}/api/ops/${route}`;
  let body: string | undefined;
  if (method === 'GET') {
    if ([...params].length > 0) url += `?${params}`;
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = params.toString();
  }
  return readReply(await fetch(url, { method, headers, ...(body !== undefined && { body }) }));
}

/** The data of an ops success (variant 2), or throws with the reply. */
export function opsData<T>(reply: RawReply): T {
  if (reply.status !== 200 || reply.body?.code !== 200) {
    throw new Error(`expected ops success, got HTTP ${reply.status} ${reply.text}`);
  }
  return reply.body.data as T;
}

/** What `sim/deposit` answers. */
export interface SimDepositReply {
  txid: string;
  vout: number;
  blockHeight: number | null;
  replayed: boolean;
  chain: string;
  coin: string;
  address: string;
  amount: string;
  userId: number | null;
  depositId: number | null;
}

/** Sends a simulated deposit through the ops API. */
export async function simDeposit(origin: string, fields: Record<string, string>): Promise<SimDepositReply> {
  return opsData<SimDepositReply>(await opsCall(origin, 'sim/deposit', fields));
}

/** Mines `blocks` blocks on `chain` (every chain when absent); returns the new heights. */
export async function mine(origin: string, blocks: number, chain?: string): Promise<Record<string, number>> {
  const reply = await opsCall(origin, 'sim/mine', { blocks, ...(chain && { chain }) });
  return opsData<{ heights: Record<string, number> }>(reply).heights;
}

/** The caller's deposits, newest first. */
export async function myDeposits(
  origin: string,
  token: string,
  fields: Record<string, string | number> = {},
): Promise<CryptoDeposit[]> {
  return dataOf<CryptoDeposit[]>(await call(origin, 'assets/deposits', token, fields));
}

/** The caller's available spot balance of `coin` as a decimal string ('0' when none). */
export async function spotAvailable(origin: string, token: string, coin: string): Promise<string> {
  type Line = { account: string; coin: string; available: string };
  const lines = dataOf<Line[]>(await call(origin, 'assets/balances', token));
  return lines.find((l) => l.account === 'spot' && l.coin === coin)?.available ?? '0';
}

/** How many crypto deposits the ledger's journal credited to the user. */
export async function cryptoCredits(dataDir: string, userId: number): Promise<number> {
  const row = await withServerDb(dataDir, (db) =>
    db.get<{ n: number }>(
      `select count(*) as n from journal j join ledger_tx t on t.id = j.tx_id
       where j.user_id = ? and t.kind = 'deposit.crypto'`,
      userId,
    ),
  );
  return Number(row!.n);
}
