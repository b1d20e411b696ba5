// The set-ups of integration test files that move money: one server for the file, its ledger
// checked after every test. Apart from ./assets and ./bank, which benches import outside the runner.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { violations } from './assets';
import { bankDeposit, opsCall, startBankServer } from './bank';
import { startTestServer, type TestServer } from './server';

/** A server for one test file: read it inside tests and hooks, not at collection. */
export interface ServerSuite<S extends TestServer = TestServer> {
  readonly server: S;
  /** `server.origin`. */
  readonly origin: string;
}

/**
 * Starts a server (`startTestServer()` unless `start` brings another) before the file's tests and
 * closes it after them; after each test its ledger must show no invariant violation.
 */
export function checkedServer<S extends TestServer = TestServer>(
  start: () => Promise<S> = startTestServer as () => Promise<S>,
): ServerSuite<S> {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  afterEach(async () => {
    expect(await violations(live().dataDir)).toEqual([]);
  });
  const live = (): S => {
    if (!server) throw new Error('the server starts in beforeAll');
    return server;
  };
  return {
    get server() {
      return live();
    },
    get origin() {
      return live().origin;
    },
  };
}

/** The bank tests' server (the bank terms of `startBankServer`) and their calls on it. */
export interface BankSuite extends ServerSuite {
  /** `/api/ops/{name}` as `operator` (alice unless told). */
  ops: (
    method: 'GET' | 'POST',
    name: string,
    fields?: Record<string, string | number>,
    operator?: string,
  ) => ReturnType<typeof opsCall>;
  /** A bank deposit of 123.45 by Li Lei with reference REF-1, `fields` overriding. */
  deposit: (token: string, fields: Record<string, string>, lang?: string) => ReturnType<typeof bankDeposit>;
}

/** {@link checkedServer} on `startBankServer()`, with the bank calls bound to it. */
export function bankSuite(): BankSuite {
  const env = checkedServer(() => startBankServer());
  return {
    get server() {
      return env.server;
    },
    get origin() {
      return env.origin;
    },
    ops: (method, name, fields = {}, operator) => opsCall(env.origin, method, name, fields, operator),
    deposit: (token, fields, lang) => bankDeposit(env.origin, token, fields, lang),
  };
}
