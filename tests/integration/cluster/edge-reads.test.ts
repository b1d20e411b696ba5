import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../../domain';
import { ENDPOINTS } from '../../../domain/endpoint-table';
import { EDGE_ENDPOINTS } from '../../../server/cluster';
import { callApi, type RawReply } from '../../support/api';
import { startExchange, type EveryRecordSummary, type ExchangeServer } from '../../support/every-record';
import { fillEveryTable } from '../../support/every-record-flows';
import { startNats, type TestNats } from '../../support/nats';
import { removeTestData, startTestServer, type TestServer } from '../../support/server';

let nats: TestNats;
let dataDir: string;
let core: ExchangeServer;
let edge: TestServer;
let summary: EveryRecordSummary;

beforeAll(async () => {
  nats = await startNats();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-reads-'));
  core = await startExchange(dataDir, undefined, { role: 'core', natsUrl: nats.url });
  // The edge starts before the records exist: what it kept in memory at its start is of no use.
  edge = await startTestServer({
    role: 'edge',
    natsUrl: nats.url,
    dataDir,
    catalogFile: path.join(dataDir, 'catalog.json'),
    // As the core runs (startExchange): `settings` says what the cluster simulates.
    simMarket: false,
  });
  summary = await fillEveryTable(core);
}, 180_000);
afterAll(async () => {
  await edge?.stop();
  await core?.stop();
  await nats?.close();
  if (dataDir) await removeTestData(dataDir);
});

/** Detail reads and the list read whose first row names the id they take. */
const DETAIL_OF: Partial<Record<EndpointName, [list: EndpointName, field: string]>> = {
  'lever/order': ['lever/orders', 'id'],
  'second/detail': ['second/options', 'id'],
  'legal/order': ['legal/orders', 'id'],
  'legal/ad': ['legal/ads', 'id'],
  'assets/bankDepositDetail': ['assets/bankDeposits', 'id'],
  'news/detail': ['news/list', 'id'],
  'ieo/project': ['ieo/projects', 'id'],
  'lockming/position': ['lockming/positions', 'id'],
};

/** The reply without what differs by the instant it was made (server times, ages). */
function comparable(r: RawReply): unknown {
  return JSON.parse(r.text.replace(/"(serverTime|computedAt|at|now|ts)":("[^"]*"|\d+)/g, '"$1":0'));
}

function firstId(r: RawReply): string | undefined {
  const data = (r.body as { data?: unknown } | undefined)?.data;
  const rows = Array.isArray(data) ? data : Object.values((data ?? {}) as object).find(Array.isArray);
  const id = (rows as { id?: unknown }[] | undefined)?.[0]?.id;
  return id === undefined ? undefined : String(id);
}

async function both(name: EndpointName, token: string, fields: Record<string, string> = {}) {
  const opts = ENDPOINTS[name].auth ? { token } : {};
  return Promise.all([callApi(core.origin, name, fields, opts), callApi(edge.origin, name, fields, opts)]);
}

describe('reads an edge answers from the database', () => {
  it('answers every edge-served read as the core does, for every kind of user', async () => {
    const mismatches: string[] = [];
    for (const [role, user] of Object.entries(summary.users)) {
      for (const name of [...EDGE_ENDPOINTS].sort()) {
        let fields: Record<string, string> = {};
        const detail = DETAIL_OF[name];
        if (detail) {
          const [list, field] = detail;
          const id = firstId(await callApi(core.origin, list, {}, { token: user.token }));
          if (id === undefined) continue;
          fields = { [field]: id };
        }
        const [c, e] = await both(name, user.token, fields);
        if (c.status !== e.status || JSON.stringify(comparable(c)) !== JSON.stringify(comparable(e))) {
          mismatches.push(`${role} ${name}: core ${c.status} ${c.text} | edge ${e.status} ${e.text}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('keeps answering them while the core is away', async () => {
    await core.stop();
    const user = summary.users.maker!;
    for (const name of ['trade/orders', 'assets/balances', 'lever/orders', 'news/list'] as EndpointName[]) {
      const r = await callApi(edge.origin, name, {}, { token: user.token });
      expect(r.status, name).toBe(200);
    }
    const refused = await callApi(edge.origin, 'market/depth', { symbol: 'BTC/USDT' });
    expect(refused.status).toBe(503);
  });
});
