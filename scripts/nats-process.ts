// A nats-server process of its own, for the cluster tests, the benches and `npm run cluster`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../server/paths';

/** A NATS server of one test file: its own process on a random port. */
export interface TestNats {
  /** Such as `nats://127.0.0.1:41234`. */
  url: string;
  /** Stops it as a crash would (SIGKILL). */
  kill(): Promise<void>;
  /** Starts it again on the same port (after `kill`). */
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

/**
 * Makes sure `nats-server` is installed (`scripts/nats.sh` installs Debian's package when it is
 * missing and this is root). Under CI=true a missing server is an error: the cluster suite never
 * skips silently.
 */
export function ensureNatsServer(): void {
  try {
    execFileSync(path.join(ROOT_DIR, 'scripts/nats.sh'), { stdio: 'pipe' });
  } catch (err) {
    const why = String((err as { stderr?: Buffer }).stderr ?? err).trim();
    throw new Error(`nats-server is needed by the cluster tests and scripts/nats.sh failed: ${why}`);
  }
}

async function launch(dir: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    'nats-server',
    [
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-js',
      '-sd',
      dir,
      '-c',
      path.join(ROOT_DIR, 'scripts/nats.conf'),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const listening = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nats-server did not start: ${log}`)), 10_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening for client connections on [^:]+:(\d+)/.exec(log);
      if (m && /Server is ready/.test(log)) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited (${code}): ${log}`));
    });
  });
  child.stderr!.resume();
  return { child, port: listening };
}

/** Starts a NATS server with JetStream for one test file. */
export async function startNats(): Promise<TestNats> {
  ensureNatsServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-nats-'));
  let { child, port } = await launch(dir, -1);
  const kill = async () => {
    // A killed process has a signal and no exit code: `exitCode` alone would wait for an exit gone by.
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      ({ child, port } = await launch(dir, port));
    },
    async close() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
