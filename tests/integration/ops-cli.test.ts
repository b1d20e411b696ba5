import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { asOperator, codeAt, enrol, OPS_TEST_PASSWORD } from '../support/operators';
import { databaseUrlOf, startTestServer, type TestServer } from '../support/server';
import { violations } from '../support/assets';
import { myDeposits, NO_TIMER_BLOCK_MS, opsCall, opsData, OPS_TOKEN } from '../support/deposits';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'server', 'ops', 'cli.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as an operator would, in a child process with only the given ops variables. */
function ops(args: string[], env: Record<string, string>): Promise<Run> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args],
      { cwd: ROOT, env: { ...base, ...env }, timeout: 30_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let server: TestServer;
let tokenFileServer: TestServer;
beforeAll(async () => {
  [server, tokenFileServer] = await Promise.all([
    startTestServer({ operatorToken: OPS_TOKEN, simChainBlockMs: NO_TIMER_BLOCK_MS }),
    // No OPERATOR_TOKEN: a demo server writes a generated one to DATA_DIR/operator-token.
    startTestServer({ simChainBlockMs: NO_TIMER_BLOCK_MS }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await tokenFileServer?.close();
});
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

describe('npm run ops', () => {
  it('sends a simulated deposit and mines it, as the named operator', async () => {
    const { token, user } = await registerUser(server.origin);
    const env = { OPS_URL: server.origin, OPERATOR_TOKEN: OPS_TOKEN, OPS_OPERATOR: 'CLI Tester' };
    const sent = await ops(
      ['sim/deposit', 'chain=TRC20', 'coin=USDT', 'amount=3.25', `account=${user.account}`],
      env,
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const reply = JSON.parse(sent.stdout) as { txid: string; userId: number; amount: string };
    expect(reply).toMatchObject({ userId: user.id, amount: '3.250000' });

    const mined = await ops(['sim/mine', 'chain=TRC20', 'blocks=1'], env);
    expect(mined.code).toBe(0);
    expect(JSON.parse(mined.stdout)).toMatchObject({ heights: { TRC20: expect.any(Number) } });
    expect(await myDeposits(server.origin, token)).toEqual([
      expect.objectContaining({ txid: reply.txid, status: 'credited', amount: '3.250000' }),
    ]);

    const listed = await ops(['deposits', `account=${user.account}`], env);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ txid: reply.txid, account: user.account }),
    ]);
    const actions = opsData<Array<{ action: string; operator: string }>>(
      await opsCall(server.origin, 'actions', { limit: 2 }, { method: 'GET' }),
    );
    // The operator name is lower-cased and made valid.
    expect(actions.map((a) => [a.action, a.operator])).toEqual([
      ['sim.mine', 'cli-tester'],
      ['sim.deposit', 'cli-tester'],
    ]);
  });

  it('lists the routes for `routes` and `help`', async () => {
    const env = { OPS_URL: server.origin, OPERATOR_TOKEN: OPS_TOKEN };
    const routes = await ops(['routes'], env);
    expect(routes.code).toBe(0);
    expect(routes.stdout).toMatch(/^POST\s+sim\/deposit\s*$/m);
    expect(routes.stdout).toMatch(/^GET\s+deposits\s*$/m);
    const help = await ops(['help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run ops');
    expect(help.stdout).toMatch(/^POST\s+sim\/mine\s*$/m);
  });

  it('exits non-zero with the server’s message on a refused request', async () => {
    const env = { OPS_URL: server.origin, OPERATOR_TOKEN: OPS_TOKEN };
    const bad = await ops(['sim/deposit', 'chain=TRC20', 'coin=FOO', 'amount=1', 'address=x'], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^ops: .+ \(unknownCoin, coin\)\n$/);
    const unknown = await ops(['nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown route "nope"');
    const malformed = await ops(['sim/mine', 'blocks'], env);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('expected key=value');
  });

  it('says so when the token is wrong, missing or the server unreachable', async () => {
    const wrong = await ops(['routes'], { OPS_URL: server.origin, OPERATOR_TOKEN: 'nope' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('refused the operator token');
    const missing = await ops(['routes'], { OPS_URL: server.origin, DATA_DIR: '/nonexistent/dir' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no operator token');
    const down = await ops(['routes'], { OPS_URL: 'http://127.0.0.1:9', OPERATOR_TOKEN: OPS_TOKEN });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('cannot reach the server');
  });

  it('finds the demo server’s generated token in DATA_DIR', async () => {
    const run = await ops(['sim/mine', 'blocks=2'], {
      OPS_URL: tokenFileServer.origin,
      DATA_DIR: tokenFileServer.dataDir,
      OPS_OPERATOR: 'bob',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).heights.TRC20).toBe(2);
  });

  it('creates an operator on the server machine without a token, and calls as them with OPS_TOKEN', async () => {
    const onMachine = {
      DATA_DIR: server.dataDir,
      ...(databaseUrlOf(server.dataDir) && { DATABASE_URL: databaseUrlOf(server.dataDir)! }),
      OPS_PASSWORD: OPS_TEST_PASSWORD,
      OPS_OPERATOR: 'Ops Root',
      // The direct commands open the database themselves: they work with the console switched off.
      OPS_CONSOLE: 'off',
    };
    const made = await ops(['operators/create', 'name=olga', 'role=admin'], onMachine);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout.slice(0, made.stdout.lastIndexOf('}') + 1))).toMatchObject({
      name: 'olga',
      role: 'admin',
      totpEnrolled: false,
    });
    const again = await ops(['operators/create', 'name=olga', 'role=viewer'], onMachine);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('opsNameTaken');

    const { session, secret } = await enrol(server.origin, 'olga');
    const { token } = opsData<{ token: string }>(
      await asOperator(server.origin, session.token, 'tokens/create', { label: 'terminal' }),
    );
    const me = await ops(['auth/me'], { OPS_URL: server.origin, OPS_TOKEN: token });
    expect(me.stderr).toBe('');
    expect(JSON.parse(me.stdout)).toMatchObject({ name: 'olga', role: 'admin' });
    const created = await ops(['actions', 'action=operator.create'], {
      OPS_URL: server.origin,
      OPS_TOKEN: token,
    });
    expect(JSON.parse(created.stdout)).toEqual([
      expect.objectContaining({ operator: 'ops-root', targetType: 'operators', ip: '' }),
    ]);
    // An admin holds the simulators' duty in demo mode; mining credits deposits, so a personal
    // token brings the authenticator's code (the sign-in used the current step's).
    const asked = await ops(['sim/mine', 'blocks=1'], { OPS_URL: server.origin, OPS_TOKEN: token });
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('opsTotpRequired');
    const sim = await ops(['sim/mine', 'blocks=1', `totp=${codeAt(secret, 1)}`], {
      OPS_URL: server.origin,
      OPS_TOKEN: token,
    });
    expect(sim.code).toBe(0);
    const bad = await ops(['auth/me'], { OPS_URL: server.origin, OPS_TOKEN: 'opt_revoked-or-unknown' });
    expect(bad.stderr).toContain('refused the operator token');
    // Seven CLI processes, each loading tsx (and one the whole server to open the database).
  }, 180_000);
});
