import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Settings } from '../../domain';
import { ConfigError } from '../../server/config';
import { callApi } from '../support/api';
import { freshMobile } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { withServerDb } from '../support/server-db';

/** One message as the local SMTP server received it. */
interface Received {
  user: string | undefined;
  from: string;
  to: string[];
  raw: string;
}

const SMTP_USER = 'mailer';
const SMTP_PASS = 's3cret pass';
const MAIL_FROM = 'Exchange Codes <no-reply@exchange.test>';

/** A local SMTP server on a random loopback port that requires login and keeps every message. */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const smtp = new SMTPServer({
    // Plain SMTP on loopback only: no certificate to manage in a test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(new Error('bad login'));
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        inbox.push({
          user: session.user as string | undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { port, inbox, close: () => new Promise((resolve) => smtp.close(() => resolve())) };
}

/** A local SMS gateway that records each POST. */
async function startGateway(): Promise<{
  url: string;
  got: { auth: string; body: unknown }[];
  close(): void;
}> {
  const got: { auth: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      got.push({ auth: req.headers.authorization ?? '', body: JSON.parse(body) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sms`, got, close: () => server.close() };
}

/**
 * The Subject header of a raw message, unfolded, its RFC 2047 encoded words (`=?UTF-8?B?…?=`, in
 * which nodemailer writes any non-ASCII subject) decoded.
 */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const word = /=\?UTF-8\?([BQ])\?([^?]*)\?=/gi;
  // Whitespace between two encoded words is folding, not text (RFC 2047 §6.2).
  return line.replace(/\?=\s+=\?/g, '?==?').replace(word, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** `mine:outbox.subject` of `lang` as the locale file has it, for the app name `Exchange`. */
function expectedSubject(lang: string): string {
  const file = path.join(import.meta.dirname, '../../locales', lang, 'mine.json');
  const mine = JSON.parse(fs.readFileSync(file, 'utf8')) as { outbox: { subject: string } };
  return mine.outbox.subject.replace('{{app}}', 'Exchange');
}

const until = async <T>(read: () => T | undefined, ms = 5_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('nothing arrived');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('production delivers codes for real and keeps only their hashes', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    gateway = await startGateway();
    server = await startTestServer({
      mode: 'production',
      simMarket: false,
      simChain: false,
      smtpUrl: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${smtp.port}`,
      mailFrom: MAIL_FROM,
      smsWebhookUrl: gateway.url,
      smsWebhookToken: 'gw-token',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    gateway?.close();
  });

  it('settings say messages are not simulated', async () => {
    const settings = (await callApi(server.origin, 'settings')).body as Settings;
    expect(settings.simulated.messages).toBe(false);
  });

  it('e-mails a code over SMTP that registers the account; no plain code is stored', async () => {
    const account = `new.user+${Date.now()}@example.org`;
    const sent = await callApi(
      server.origin,
      'sms/send',
      { account, scene: 'register' },
      { headers: { lang: 'en' } },
    );
    expect(sent.body?.type).toBe('ok');
    const mail = await until(() => smtp.inbox.find((m) => m.to.includes(account)));
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.from).toBe('no-reply@exchange.test');
    expect(mail.raw).toMatch(/^Subject: Exchange verification code/m);
    const code = /verification code is (\d{6})/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await withServerDb(server.dataDir, async (db) => {
      expect(await db.get('select count(*) as n from outbox')).toEqual({ n: 0 });
      const rows = await db.all('select * from codes where account = ?', account);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code!);
    });

    const reg = await callApi(server.origin, 'user/register', {
      kind: 'email',
      account,
      code: code!,
      password: 'Secret123',
      confirm: 'Secret123',
      agree: 'true',
    });
    expect(reg.body?.type).toBe('ok');
  });

  // Issue 29: the subject was English whatever the language the code was asked for in.
  it.each(['id', 'zh', 'hi', 'en'])(
    'the e-mail subject is in the language of the request (%s)',
    async (lang) => {
      const account = `subject.${lang}+${Date.now()}@example.org`;
      const sent = await callApi(
        server.origin,
        'sms/send',
        { account, scene: 'register' },
        { headers: { lang } },
      );
      expect(sent.body?.type).toBe('ok');
      const mail = await until(() => smtp.inbox.find((m) => m.to.includes(account)));
      expect(subjectOf(mail.raw)).toBe(expectedSubject(lang));
    },
  );

  it('sends a mobile code through the SMS gateway', async () => {
    const account = freshMobile();
    const sent = await callApi(
      server.origin,
      'sms/send',
      { account, scene: 'register' },
      { headers: { lang: 'id' } },
    );
    expect(sent.body?.type).toBe('ok');
    const sms = await until(() => gateway.got.find((g) => (g.body as { to: string }).to === account));
    expect(sms.auth).toBe('Bearer gw-token');
    // In the language of the request, like the outbox (outbox-language.test.ts).
    expect((sms.body as { text: string }).text).toMatch(/kode verifikasi Anda adalah \d{6}/);
  });

  it('the outbox is not served', async () => {
    expect((await callApi(server.origin, 'dev/outbox', { account: 'x@example.org' })).status).toBe(404);
  });
});

describe('production refuses to start without real senders', () => {
  it('without SMTP_URL', async () => {
    await expect(
      startTestServer({ mode: 'production', simMarket: false }, { smsProvider: { sendSms: async () => {} } }),
    ).rejects.toThrow(ConfigError);
    await expect(
      startTestServer({ mode: 'production', simMarket: false }, { smsProvider: { sendSms: async () => {} } }),
    ).rejects.toThrow(/SMTP_URL/);
  });

  it('without an SMS provider', async () => {
    await expect(
      startTestServer({
        mode: 'production',
        simMarket: false,
        smtpUrl: 'smtp://127.0.0.1:1',
        mailFrom: MAIL_FROM,
      }),
    ).rejects.toThrow(/SMS provider/);
  });
});

describe('demo mode with SMTP_URL', () => {
  it('e-mails codes for real and keeps SMS in the outbox, and says messages are (partly) simulated', async () => {
    const smtp = await startSmtp();
    const server = await startTestServer({
      simMarket: false,
      smtpUrl: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${smtp.port}`,
      mailFrom: MAIL_FROM,
    });
    try {
      expect(((await callApi(server.origin, 'settings')).body as Settings).simulated.messages).toBe(true);
      const account = `demo+${Date.now()}@example.org`;
      await callApi(server.origin, 'sms/send', { account, scene: 'register' });
      await until(() => smtp.inbox.find((m) => m.to.includes(account)));
      const outbox = await callApi(server.origin, 'dev/outbox', { account });
      expect(outbox.body.data).toEqual([]);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
