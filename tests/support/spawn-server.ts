import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { Config } from '../../server/config';
import { ROOT_DIR } from '../../server/paths';
import { TEST_RATE_LIMITS, testDistDir } from './server';

/** A server in a process of its own (tests/support/child-server.ts), for tests that kill it. */
export interface ChildServer {
  child: ChildProcess;
  /** Resolves with its URL once it listens (a standby core: once it leads). */
  url: Promise<string>;
  /** Resolves once a core finds another one leading and waits as its standby. */
  standingBy: Promise<void>;
  /** Settles when the process has exited. */
  exited: Promise<unknown>;
}

/**
 * Starts a server process on `config` (over the test defaults: port 0, 127.0.0.1, demo mode, no
 * simulators, the test dist and rate limits). Its URL comes when it prints it, so a standby core's
 * `url` resolves only when it takes the lead.
 */
export function spawnServer(config: Partial<Config>): ChildServer {
  const full = {
    port: 0,
    host: '127.0.0.1',
    mode: 'demo',
    simMarket: false,
    simChain: false,
    distDir: testDistDir(),
    rateLimits: TEST_RATE_LIMITS,
    ...config,
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT_DIR, 'tests/support/child-server.ts')],
    {
      env: { ...process.env, CHILD_CONFIG: JSON.stringify(full) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // Listened for from the start: the exit may come before anyone waits for it.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let standby = () => {};
  const standingBy = new Promise<void>((resolve) => (standby = resolve));
  const url = new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      const said = JSON.parse(line) as { url?: string; standby?: boolean };
      if (said.standby) standby();
      if (said.url) resolve(said.url);
    });
    child.once('exit', (code) => reject(new Error(`child server exited with ${code}`)));
  });
  url.catch(() => {});
  return { child, url, standingBy, exited };
}
