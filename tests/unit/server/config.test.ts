import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, normalizeBasePath, simChainOn, simMarketOn } from '../../../server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      basePath: '/h5/',
      dataDir: path.resolve('/srv/app/data'),
      mode: 'demo',
      simMarket: true,
      distDir: path.resolve('/srv/app/dist'),
      sessionTtlHours: 720,
      operatorToken: undefined,
    });
  });

  it('reads the environment', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        BASE_PATH: 'app',
        DATA_DIR: ':memory:',
        APP_MODE: 'production',
        SESSION_TTL_HOURS: '2',
        OPERATOR_TOKEN: 's3cret',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      basePath: '/app/',
      dataDir: ':memory:',
      mode: 'production',
      sessionTtlHours: 2,
      operatorToken: 's3cret',
    });
    // The market simulator is off by default in production, and SIM_MARKET=off turns it off in demo.
    expect(c.simMarket).toBe(false);
    expect(loadConfig({ SIM_MARKET: 'off' }).simMarket).toBe(false);
    // Production refuses the simulators outright, as it refuses SIM_CHAIN=on.
    expect(() => loadConfig({ APP_MODE: 'production', SIM_MARKET: 'on' })).toThrow(/SIM_MARKET/);
    expect(() => loadConfig({ APP_MODE: 'production', SIM_CHAIN: 'on' })).toThrow(/SIM_CHAIN/);
    expect(loadConfig({ APP_MODE: 'production', SIM_MARKET: 'off', SIM_CHAIN: 'off' }).simMarket).toBe(false);
    // A config put together in code cannot switch them on in production either.
    expect(simMarketOn({ mode: 'production', simMarket: true })).toBe(false);
    expect(simChainOn({ mode: 'production', simChain: true })).toBe(false);
    expect(simMarketOn({ mode: 'demo', simMarket: true })).toBe(true);
  });

  it('reads the console settings: on, on the public address, 30 min idle, 5 min step-up by default', () => {
    expect(loadConfig({})).toMatchObject({
      opsConsole: true,
      opsListen: undefined,
      opsIdleMs: 30 * 60_000,
      opsStepUpMs: 5 * 60_000,
    });
    const c = loadConfig({
      OPS_CONSOLE: 'off',
      OPS_PORT: '9443',
      OPS_IDLE_MINUTES: '10',
      OPS_STEP_UP_MINUTES: '2',
    });
    expect(c).toMatchObject({
      opsConsole: false,
      opsListen: { host: '127.0.0.1', port: 9443 },
      opsIdleMs: 10 * 60_000,
      opsStepUpMs: 2 * 60_000,
    });
    expect(loadConfig({ OPS_HOST: '10.0.0.5', OPS_PORT: '9443' }).opsListen).toEqual({
      host: '10.0.0.5',
      port: 9443,
    });
    expect(() => loadConfig({ OPS_HOST: '10.0.0.5' })).toThrow(/OPS_PORT/);
    expect(() => loadConfig({ OPS_IDLE_MINUTES: '0' })).toThrow(/OPS_IDLE_MINUTES/);
    expect(() => loadConfig({ OPS_CONSOLE: 'maybe' })).toThrow(/OPS_CONSOLE/);
  });

  it('rejects values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_MODE: 'staging' })).toThrow(/APP_MODE/);
    expect(() => loadConfig({ SIM_MARKET: 'maybe' })).toThrow(/SIM_MARKET/);
  });

  it('reads the message senders and refuses unusable ones without echoing secrets', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Exchange <no-reply@example.com>',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SMS_WEBHOOK_TOKEN: 'tok',
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: 'Exchange <no-reply@example.com>',
      smsWebhookUrl: 'https://sms.example.com/send',
      smsWebhookToken: 'tok',
    });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter2@mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter2@mail.example.com' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://sms.example.com' })).toThrow(/SMS_WEBHOOK_URL/);
  });

  it('normalises base paths', () => {
    expect(normalizeBasePath('/h5')).toBe('/h5/');
    expect(normalizeBasePath('h5/')).toBe('/h5/');
    expect(normalizeBasePath('/')).toBe('/');
    expect(normalizeBasePath('')).toBe('/');
    expect(normalizeBasePath('/a/b/')).toBe('/a/b/');
  });
});
