import type { Config } from '../../server/config';
import { startNats, type TestNats } from './nats';
import { startTestServer, type TestServer } from './server';

/** A core and its edges in this process, on one database and a NATS server of their own. */
export interface TestCluster {
  nats: TestNats;
  core: TestServer;
  edges: TestServer[];
  close(): Promise<void>;
}

/**
 * Starts NATS, a core (`ROLE=core`, the test engine's database) and `edges` edges (`ROLE=edge`) on
 * the core's data: on SQLite the same file, on PostgreSQL the same database.
 */
export async function startTestCluster(edges = 2, overrides: Partial<Config> = {}): Promise<TestCluster> {
  const nats = await startNats();
  const started: TestServer[] = [];
  try {
    const core = await startTestServer({ ...overrides, role: 'core', natsUrl: nats.url });
    started.push(core);
    const list: TestServer[] = [];
    for (let i = 0; i < edges; i++) {
      const edge = await startTestServer({
        ...overrides,
        role: 'edge',
        natsUrl: nats.url,
        dataDir: core.dataDir,
      });
      started.push(edge);
      list.push(edge);
    }
    return {
      nats,
      core,
      edges: list,
      async close() {
        for (const e of list) await e.stop();
        await core.close();
        await nats.close();
      },
    };
  } catch (err) {
    for (const s of started.reverse()) await s.close().catch(() => {});
    await nats.close();
    throw err;
  }
}
