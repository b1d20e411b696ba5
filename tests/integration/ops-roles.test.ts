import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mayAct, OPS_ROLES, type OpsDuty, type OpsEvent, type OpsRole } from '../../domain';
import { defaultModules } from '../../server/app';
import type { ServerModule } from '../../server/module';
import type { OpsEvents } from '../../server/ops';
import { opsCall, opsData } from '../support/deposits';
import { asOperator, createOperator, type TestOperator } from '../support/operators';
import { startTestServer, type TestServer } from '../support/server';

interface Route {
  name: string;
  method: 'GET' | 'POST';
  duty: OpsDuty | 'public';
}

/** Catches the server's operator event stream, to publish on it as an area would. */
let events: OpsEvents | undefined;
const probe: ServerModule = {
  name: 'ops-probe',
  register(ctx) {
    events = ctx.opsEvents;
  },
};

let server: TestServer;
/** Each role's operator, calling with a personal token (so `auth/logout` ends no session). */
const byRole = new Map<OpsRole, TestOperator & { personal: string }>();
let routes: Route[] = [];
beforeAll(async () => {
  server = await startTestServer(
    { operatorToken: 'test-token', simMarket: false },
    { modules: [...defaultModules(), probe] },
  );
  for (const role of OPS_ROLES) {
    const op = await createOperator(server.origin, `op-${role}`, role);
    const { token } = opsData<{ token: string }>(
      await asOperator(server.origin, op.token, 'tokens/create', { label: 'matrix' }),
    );
    byRole.set(role, { ...op, personal: token });
  }
  routes = opsData<Route[]>(await opsCall(server.origin, 'routes', {}, { method: 'GET' }));
});
afterAll(async () => {
  await server?.close();
});

describe('the role matrix', () => {
  it('lists the console routes and the areas’ routes, each with its duty', () => {
    const names = routes.map((r) => r.name);
    for (const name of [
      'auth/login',
      'operators/create',
      'tokens/create',
      'actions',
      'withdrawals/approve',
      'sim/mine',
    ]) {
      expect(names).toContain(name);
    }
    expect(
      routes.every(
        (r) => r.duty === 'public' || ['read', 'review', 'support', 'admin', 'sim', 'self'].includes(r.duty),
      ),
    ).toBe(true);
  });

  it('answers every route of every role: 403 exactly where the role lacks the duty', async () => {
    const found: string[] = [];
    const expected: string[] = [];
    for (const route of routes.filter((r) => r.duty !== 'public')) {
      for (const role of OPS_ROLES) {
        const reply = await asOperator(
          server.origin,
          byRole.get(role)!.personal,
          route.name,
          {},
          route.method,
        );
        const allowed = mayAct(role, route.duty as OpsDuty);
        expected.push(`${route.name} ${role} ${allowed ? 'allowed' : 403}`);
        found.push(
          `${route.name} ${role} ${reply.status === 403 ? 403 : reply.status === 401 ? 401 : 'allowed'}`,
        );
        if (reply.status === 403) expect(reply.body).toMatchObject({ key: 'opsForbidden' });
      }
    }
    expect(found).toEqual(expected);
  });

  it('answers 401 to every route but the sign-in steps without a token, and with a user token', async () => {
    for (const route of routes) {
      const reply = await opsCall(
        server.origin,
        route.name,
        {},
        { method: route.method, token: null, operator: null },
      );
      if (route.duty === 'public') expect(reply.status, route.name).toBe(200);
      else expect(reply.status, route.name).toBe(401);
    }
    const user = await opsCall(
      server.origin,
      'auth/me',
      {},
      { method: 'GET', token: 'not-a-console-token', operator: null },
    );
    expect(user.status).toBe(401);
  });

  it('localizes the refusal', async () => {
    const reply = await opsCall(
      server.origin,
      'operators',
      {},
      {
        method: 'GET',
        token: byRole.get('viewer')!.personal,
        operator: null,
        lang: 'zh',
      },
    );
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ key: 'opsForbidden', msg: '您的操作员角色无权执行此操作。' });
  });
});

/** A socket's messages as they come, and its close code. */
function openSocket(token: string | null) {
  const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/api/ops/ws`);
  const messages: Array<Record<string, unknown>> = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const authed = opened.then(async () => {
    if (token !== null) ws.send(JSON.stringify({ op: 'auth', token }));
    await until(() => messages.some((m) => m.op === 'authed' || m.op === 'error'));
  });
  return { ws, messages, closed, authed };
}

async function until(ok: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const event: OpsEvent = { type: 'kefu.assigned', userId: 7, assignee: 'op-support' };

describe('the operator socket', () => {
  it('fans events out to authenticated consoles only', async () => {
    const viewer = openSocket(byRole.get('viewer')!.token);
    const support = openSocket(byRole.get('support')!.personal);
    const stranger = openSocket('nope');
    await Promise.all([viewer.authed, support.authed, stranger.authed]);
    expect(viewer.messages[0]).toMatchObject({ op: 'authed', name: 'op-viewer', role: 'viewer' });
    expect(await stranger.closed).toBe(4401);
    events!.publish(event);
    await until(() => viewer.messages.length > 1 && support.messages.length > 1);
    expect(viewer.messages[1]).toEqual(event);
    expect(support.messages[1]).toEqual(event);
    viewer.ws.close();
    support.ws.close();
  });

  it('closes a console whose session ends or whose operator is disabled', async () => {
    const gone = await createOperator(server.origin, 'leaver', 'reviewer');
    const out = await createOperator(server.origin, 'signs-out', 'viewer');
    const a = openSocket(gone.token);
    const b = openSocket(out.token);
    await Promise.all([a.authed, b.authed]);
    opsData(
      await asOperator(server.origin, byRole.get('admin')!.token, 'operators/disable', {
        id: gone.id,
        reason: 'gone',
      }),
    );
    opsData(await asOperator(server.origin, out.token, 'auth/logout'));
    expect(await a.closed).toBe(4401);
    expect(await b.closed).toBe(4401);
  });

  it('refuses a first message that is not auth', async () => {
    const s = openSocket(null);
    await new Promise<void>((resolve) => s.ws.on('open', () => resolve()));
    s.ws.send(JSON.stringify({ op: 'sub', ch: 'x' }));
    expect(await s.closed).toBe(4400);
  });
});
