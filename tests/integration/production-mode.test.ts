import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot, Settings } from '../../domain';
import { ROOT_DIR } from '../../server/paths';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

/** Runs the real entry point (`tsx server/main.ts`) with `env`; resolves with its exit code and stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-prod-'));
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT_DIR, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe('production refuses the simulators at start', () => {
  it.each(['SIM_MARKET', 'SIM_CHAIN'])(
    '%s=on',
    async (name) => {
      const { code, stderr } = await runMain({ APP_MODE: 'production', [name]: 'on' });
      expect(code).toBe(1);
      expect(stderr).toContain(`Configuration error: ${name}=on is for demo mode only`);
    },
    30_000,
  );
});

describe('production refuses to start without real message senders', () => {
  it('no SMTP_URL', async () => {
    const { code, stderr } = await runMain({ APP_MODE: 'production' });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: SMTP_URL and MAIL_FROM are required in production');
  }, 30_000);

  it('no SMS provider', async () => {
    const { code, stderr } = await runMain({
      APP_MODE: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'no-reply@example.com',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Configuration error: an SMS provider (SMS_WEBHOOK_URL) is required in production',
    );
  }, 30_000);
});

describe('settings report what runs', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('production with simMarket forced on in code: no simulator runs and settings say so', async () => {
    const server = await startTestServer({ mode: 'production', simMarket: true, simChain: true });
    servers.push(server);
    const settings = (await callApi(server.origin, 'settings')).body as Settings;
    expect(settings.simulated).toMatchObject({ market: false, chain: false });
    // Two simulator steps would have quoted the book by now.
    await new Promise((r) => setTimeout(r, 2_500));
    const depth = (await callApi(server.origin, 'market/depth', { symbol: 'BTC/USDT' })).body
      .data as DepthSnapshot;
    expect([depth.bids.length, depth.asks.length]).toEqual([0, 0]);
  });

  it('demo: settings say the simulators run, and they do', async () => {
    const server = await startTestServer();
    servers.push(server);
    const settings = (await callApi(server.origin, 'settings')).body as Settings;
    expect(settings.simulated).toMatchObject({ market: true, chain: true });
    await new Promise((r) => setTimeout(r, 2_500));
    const depth = (await callApi(server.origin, 'market/depth', { symbol: 'BTC/USDT' })).body
      .data as DepthSnapshot;
    expect(depth.bids.length).toBeGreaterThan(0);
  });
});
