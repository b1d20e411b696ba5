import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/config';
import { callApi, type RawReply } from '../../support/api';
import { freshMobile } from '../../support/accounts';
import { startTestCluster, type TestCluster } from '../../support/cluster';
import { opsCall } from '../../support/deposits';
import { TEST_RATE_LIMITS, startTestServer } from '../../support/server';

/** The per-IP code budget of this file's cluster (every request comes from 127.0.0.1). */
const CODES_PER_IP = 4;
const LOGIN_BUDGET = DEFAULT_RATE_LIMITS.loginPerAccount;
const limits = { ...TEST_RATE_LIMITS, codesPerIp: CODES_PER_IP };

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster(2, { rateLimits: limits });
}, 60_000);
afterAll(() => cluster?.close());

/** The edges' origins as they are now (a test restarts one). */
const edges = () => cluster.edges.map((e) => e.origin);
/** A login attempt with a wrong password (the account need not exist: the budget counts first). */
const tryLogin = (origin: string, account: string) =>
  callApi(origin, 'user/login', { account, password: 'Wrong123' });

function expectRefused(r: RawReply, key: string) {
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ type: 'error', key });
  const retry = Number(r.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginWindowMs / 1000);
}

describe('rate limits shared by the edges of a cluster', () => {
  it("holds an account's login budget when the attempts alternate between the edges", async () => {
    const account = freshMobile();
    for (let i = 0; i < LOGIN_BUDGET; i++) {
      const r = await tryLogin(edges()[i % 2]!, account);
      expect(r.status).toBe(200);
      expect(r.body.type).toBe('error');
    }
    for (const origin of edges()) expectRefused(await tryLogin(origin, account), 'rateLimited');
    // Another account's budget is its own.
    expect((await tryLogin(edges()[1]!, freshMobile())).status).toBe(200);
  });

  it('counts concurrent attempts through both edges exactly once each', async () => {
    const account = freshMobile();
    const replies = await Promise.all(
      Array.from({ length: 2 * LOGIN_BUDGET }, (_, i) => tryLogin(edges()[i % 2]!, account)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LOGIN_BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_BUDGET);
  });

  it('holds the per-IP code budget across the edges', async () => {
    for (let i = 0; i < CODES_PER_IP; i++) {
      const sent = await callApi(edges()[i % 2]!, 'sms/send', { account: freshMobile(), scene: 'register' });
      expect(sent.body.type).toBe('ok');
    }
    for (const origin of edges()) {
      const capped = await callApi(origin, 'sms/send', { account: freshMobile(), scene: 'register' });
      expect(capped.status).toBe(429);
      expect(capped.body).toMatchObject({ type: 'error', key: 'tooManyCodes' });
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('keeps the counters when an edge restarts', async () => {
    const account = freshMobile();
    const half = LOGIN_BUDGET / 2;
    for (let i = 0; i < half; i++) expect((await tryLogin(edges()[0]!, account)).status).toBe(200);
    await cluster.edges[0]!.stop();
    cluster.edges[0] = await startTestServer({
      rateLimits: limits,
      role: 'edge',
      natsUrl: cluster.nats.url,
      dataDir: cluster.core.dataDir,
    });
    for (let i = half; i < LOGIN_BUDGET; i++)
      expect((await tryLogin(edges()[i % 2]!, account)).status).toBe(200);
    for (const origin of edges()) expectRefused(await tryLogin(origin, account), 'rateLimited');
  });

  it('refuses limited requests as busy while NATS is away, and keeps the counters over its restart', async () => {
    const account = freshMobile();
    for (let i = 0; i < LOGIN_BUDGET; i++) await tryLogin(edges()[i % 2]!, account);
    await cluster.nats.kill();
    // The core's own HTTP (operator sign-in needs no bus) counts in the same KV: it refuses rather
    // than let the attempt through uncounted.
    const opsLogin = () =>
      opsCall(
        cluster.core.origin,
        'auth/login',
        { name: 'nobody', password: 'wrong' },
        { token: null, operator: null },
      );
    const away = await opsLogin();
    expect(away.status).toBe(503);
    expect(away.body).toMatchObject({ key: 'serviceBusy' });
    await cluster.nats.restart();
    let back = await opsLogin();
    for (let i = 0; i < 100 && back.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await opsLogin();
    }
    expect(back.status).toBe(200);
    // Each edge reconnects on its own (every 250 ms; slower on a loaded machine) and answers busy
    // until then: the counters it finds are the ones kept over the restart.
    for (const origin of edges()) {
      let r = await tryLogin(origin, account);
      for (let i = 0; i < 100 && r.status === 503; i++) {
        await new Promise((done) => setTimeout(done, 100));
        r = await tryLogin(origin, account);
      }
      expectRefused(r, 'rateLimited');
    }
  });
});
