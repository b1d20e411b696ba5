import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { SessionGrant } from '../../domain';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { readOutboxCode } from '../support/server';

/** The operator token the funding tests start their server with. */
export const OPS_TOKEN = 'test-token';
/** Blocks come only from `sim/mine` in these tests, never from the timer. */
export const NO_TIMER_BLOCK_MS = 3_600_000;
/** A trade password that differs from the login password (the server refuses the same one). */
export const TRADE_PASSWORD = 'Trade456';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A text of locales/<lang>/<ns>.json by its dotted key. */
export function localeText(lang: string, ns: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  return key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree) as string;
}

/** Calls `/api/ops/{route}` as operator `tester`; returns the data or throws with the reply. */
export async function ops<T = unknown>(
  origin: string,
  route: string,
  fields: Record<string, string>,
): Promise<T> {
  const res = await fetch(`${origin}/api/ops/${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      'x-operator': 'tester',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await res.json()) as { code?: number; data?: T };
  if (res.status !== 200 || body.code !== 200)
    throw new Error(`ops ${route}: ${res.status} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** The data of a signed-in call (variant 3), or throws with the reply. */
export async function api<T = unknown>(
  origin: string,
  token: string,
  name: Parameters<typeof callApi>[1],
  fields: Record<string, string | number> = {},
): Promise<T> {
  const reply = await callApi(origin, name, fields, { token });
  if (reply.status !== 200 || reply.body?.code !== 200)
    throw new Error(`${name}: ${reply.status} ${reply.text}`);
  return reply.body.data as T;
}

/** A fresh user with a trade password, registered through the real endpoints. */
export async function freshUser(origin: string): Promise<SessionGrant> {
  const grant = await registerUser(origin);
  const account = grant.user.account;
  await callApi(origin, 'sms/send', { account, scene: 'tradePwd' });
  const code = await readOutboxCode(origin, account);
  await api(origin, grant.token, 'user/tradePwd', {
    code,
    password: TRADE_PASSWORD,
    confirm: TRADE_PASSWORD,
  });
  return grant;
}

/** The spot and lever holdings of `coin` from `assets/overview`. */
export async function holdings(
  origin: string,
  token: string,
  coin: string,
): Promise<Record<string, { available: string; frozen: string }>> {
  const overview = await api<{
    accounts: { account: string; coins: { coin: string; available: string; frozen: string }[] }[];
  }>(origin, token, 'assets/overview');
  return Object.fromEntries(
    overview.accounts.map((a) => {
      const h = a.coins.find((c) => c.coin === coin);
      return [a.account, { available: h?.available ?? '0', frozen: h?.frozen ?? '0' }];
    }),
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A small valid PNG (RGB, a two-colour pattern) to stand for a photo of a bank slip. */
export function smallPng(width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const on = (x >> 3) % 2 === (y >> 3) % 2;
      rows.push(on ? 30 : 240, on ? 90 : 200, on ? 200 : 40);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits until the element's text content equals `want`. */
export async function waitText(page: Page, selector: string, want: string): Promise<void> {
  await page.waitForFunction(([sel, text]) => document.querySelector(sel!)?.textContent?.trim() === text, [
    selector,
    want,
  ] as const);
}
