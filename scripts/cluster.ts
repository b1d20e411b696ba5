/**
 * `npm run cluster`: a core and EDGES edges (default 2) on this machine, for a demo and by hand
 * (docs/architecture.md, "Past one machine"). Edges listen on PORT, PORT+1, … (PORT default 8080),
 * the core on CORE_PORT (default: the port after the last edge). NATS_URL names the bus; without it
 * a nats-server is started on a free port (Debian's package, installed by scripts/nats.sh when
 * missing). The database is what the processes' environment says (DATABASE_URL, else SQLite in
 * DATA_DIR, shared by all of them). Serves the built app: run `npm run build` first.
 * Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../server/paths';
import { startNats } from './nats-process';

const edges = Number(process.env.EDGES ?? 2);
const port = Number(process.env.PORT ?? 8080);
const corePort = Number(process.env.CORE_PORT ?? port + edges);
if (!Number.isInteger(edges) || edges < 1 || edges > 32) throw new Error('EDGES must be 1 to 32');

const nats = process.env.NATS_URL ? null : await startNats();
const natsUrl = process.env.NATS_URL ?? nats!.url;
const children: ChildProcess[] = [];

function run(role: 'core' | 'edge', listen: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/main.ts')], {
    env: { ...process.env, ROLE: role, NATS_URL: natsUrl, PORT: String(listen) },
    stdio: 'inherit',
  });
  children.push(child);
  return child;
}

/** Resolves once `url` answers (the core migrates first; edges wait for its schema). */
async function ready(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

const stop = async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
  );
  await nats?.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

run('core', corePort);
await ready(`http://127.0.0.1:${corePort}/api/settings`);
for (let i = 0; i < edges; i++) run('edge', port + i);
for (let i = 0; i < edges; i++) await ready(`http://127.0.0.1:${port + i}/api/settings`);
console.log(`\nCluster ready. Bus ${natsUrl}`);
console.log(`  core  http://127.0.0.1:${corePort}/ (operators: /ops/)`);
for (let i = 0; i < edges; i++) console.log(`  edge  http://127.0.0.1:${port + i}/h5/`);
