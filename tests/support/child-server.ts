// A real server in a process of its own, for tests that kill it (SIGKILL) and start it again on the
// same data. Its configuration comes as JSON in CHILD_CONFIG; it prints `{"url": …}` once it listens
// and, a core that finds another one leading, `{"standby": true}` first.
import { startServer } from '../../server/app';
import type { Config } from '../../server/config';

const config = JSON.parse(process.env.CHILD_CONFIG ?? '{}') as Partial<Config>;
const server = await startServer({
  env: {},
  logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  config,
  onStandby: () => process.stdout.write(`${JSON.stringify({ standby: true })}\n`),
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
