import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../domain/endpoints';
import { callApi } from '../support/api';
import { freshMobile } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';

// Issue 29: the simulated outbox's message was English while the app was in Indonesian. The code
// message is written in the language of the request that asked for it, from the app's own texts.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `mine:outbox.message` of `lang` as the locale file has it, with its values filled in. */
function expected(lang: string, code: string): string {
  const file = path.join(ROOT, 'locales', lang, 'mine.json');
  const mine = JSON.parse(fs.readFileSync(file, 'utf8')) as { outbox: { message: string } };
  const values: Record<string, string> = { app: 'Exchange', code, minutes: '10' };
  return mine.outbox.message.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]!);
}

async function newest(origin: string, account: string): Promise<OutboxMessage> {
  const res = await callApi(origin, 'dev/outbox', { account });
  const list = res.body?.data as OutboxMessage[] | undefined;
  if (!list?.[0]) throw new Error(`no message for ${account}: ${res.text}`);
  return list[0];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ simMarket: false });
});
afterAll(() => server?.close());

describe('the code message is in the language of the request', () => {
  it.each([
    ['id', freshMobile()],
    ['zh', freshMobile()],
    ['hi', `outbox-${Date.now()}@example.com`],
    ['en', freshMobile()],
  ])('%s, to %s', async (lang, account) => {
    const sent = await callApi(origin(), 'sms/send', { account, scene: 'register' }, { headers: { lang } });
    expect(sent.body?.type, sent.text).toBe('ok');
    const m = await newest(origin(), account);
    expect(m.body).toBe(expected(lang, m.code));
  });

  it('without a lang header, Accept-Language decides', async () => {
    const account = freshMobile();
    await callApi(
      origin(),
      'sms/send',
      { account, scene: 'register' },
      { headers: { 'accept-language': 'vi-VN,vi;q=0.9' } },
    );
    const m = await newest(origin(), account);
    expect(m.body).toBe(expected('vi', m.code));
  });
});

const origin = () => server.origin;
