import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPS_NAME as OPERATOR_NAME } from '../../domain/ops-api';
import { OPERATOR_TOKEN_FILE } from './operator-token';

/**
 * The operator CLI: `npm run ops -- <route> [key=value ...]` calls `/api/ops/<route>` of a running
 * server and prints the reply's data as JSON. It asks the server for its routes, so a route an area
 * adds is usable here at once. Environment: OPS_TOKEN (a personal API token, `opt_…`, created in the
 * console or with `tokens/create`), else in demo mode OPERATOR_TOKEN (else DATA_DIR/operator-token,
 * which a demo server writes) with OPS_OPERATOR (default the OS user name) as the operator; OPS_URL
 * (default http://127.0.0.1:$PORT, PORT default 8080) and DATA_DIR (default data/).
 * `operators/create name=… role=…` runs on the server machine without a token (see cli-operators.ts).
 */

/** Where the CLI writes; tests capture it. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

interface OpsRoute {
  name: string;
  method: 'GET' | 'POST';
}

interface Reply {
  status: number;
  body: { code?: unknown; data?: unknown; msg?: unknown; key?: unknown; field?: unknown } | undefined;
}

/** A failure the CLI reports as one line and exit status 1. */
class CliError extends Error {}

const USAGE = `usage: npm run ops -- <route> [key=value ...]
       npm run ops -- routes      list the routes and their methods
       npm run ops -- operators/create name=alice role=admin   on the server machine, no token:
                                  opens DATA_DIR or DATABASE_URL; password from OPS_PASSWORD or typed
       OPS_TOKEN=opt_… authenticates as your operator account (demo mode: OPERATOR_TOKEN also works)
       npm run ops -- db/copy --to postgres://…   copy the stopped SQLite database (DATA_DIR) into
                                                  an empty PostgreSQL database and verify the copy
       money decisions (withdrawals/approve …) with OPS_TOKEN bring the authenticator's code: totp=123456
examples:
  npm run ops -- sim/deposit chain=TRC20 coin=USDT amount=100 account=demo@example.com
  npm run ops -- sim/mine blocks=6
  npm run ops -- deposits status=credited`;

/** The operator name to send: OPS_OPERATOR, else the OS user name, lower-cased and made valid. */
export function operatorName(
  env: NodeJS.ProcessEnv,
  osUser: () => string = () => os.userInfo().username,
): string {
  let raw = env.OPS_OPERATOR?.trim() ?? '';
  if (raw === '') {
    try {
      raw = osUser();
    } catch {
      raw = '';
    }
  }
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 40);
  return OPERATOR_NAME.test(name) ? name : 'operator';
}

/** OPS_TOKEN (personal), else OPERATOR_TOKEN, else the token file a demo server keeps in DATA_DIR. */
export function operatorToken(env: NodeJS.ProcessEnv, cwd: string): string {
  const personal = env.OPS_TOKEN?.trim();
  if (personal) return personal;
  const fromEnv = env.OPERATOR_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(path.resolve(cwd, env.DATA_DIR?.trim() || 'data/'), OPERATOR_TOKEN_FILE);
  try {
    const token = fs.readFileSync(file, 'utf8').trim();
    if (token) return token;
  } catch {
    // reported below
  }
  throw new CliError(
    `no operator token: set OPS_TOKEN (demo: OPERATOR_TOKEN, or DATA_DIR to the directory holding ${file})`,
  );
}

/** `key=value` arguments as fields; the value may contain `=`. */
export function parseFields(args: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at < 1) throw new CliError(`expected key=value, got "${arg}"`);
    fields[arg.slice(0, at)] = arg.slice(at + 1);
  }
  return fields;
}

async function request(
  base: string,
  headers: Record<string, string>,
  route: OpsRoute,
  fields: Record<string, string>,
): Promise<Reply> {
  const params = new URLSearchParams(fields);
  const query = route.method === 'GET' && [...params].length > 0 ? `?${params}` : '';
  const url = `${base}/api/ops/${route.name}${query}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers: {
        ...headers,
        ...(route.method === 'POST' && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(route.method === 'POST' && { body: params.toString() }),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new CliError(`cannot reach the server at ${base} (${cause}); is it running? set OPS_URL`);
  }
  const text = await res.text();
  let body: Reply['body'];
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

function dataOf(reply: Reply, what: string): unknown {
  const { status, body } = reply;
  if (status === 401) throw new CliError('the server refused the operator token');
  if (status === 403) throw new CliError(`${what}: your operator role may not do this`);
  if (status === 404) throw new CliError(`${what}: not found`);
  if (status === 200 && body?.code === 200) return body.data;
  const msg = typeof body?.msg === 'string' ? body.msg : `HTTP ${status}`;
  const detail = [body?.key, body?.field].filter((v) => typeof v === 'string' && v !== '').join(', ');
  throw new CliError(detail ? `${msg} (${detail})` : msg);
}

/** Runs the CLI with `args` (after `--`); returns the exit status. */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) },
  cwd: string = process.cwd(),
  prompt?: (question: string) => Promise<string>,
): Promise<number> {
  const [name, ...rest] = args;
  try {
    if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
      io.out(`${USAGE}\n`);
      if (name === undefined) return 1;
    }
    if (name === 'db/copy') return await dbCopy(rest, env, io, cwd);
    if (name === 'operators/create' && !env.OPS_TOKEN?.trim()) {
      return await createOffline(parseFields(rest), env, io, cwd, prompt);
    }
    const base = (env.OPS_URL?.trim() || `http://127.0.0.1:${env.PORT?.trim() || 8080}`).replace(/\/+$/, '');
    const headers = {
      authorization: `Bearer ${operatorToken(env, cwd)}`,
      'x-operator': operatorName(env),
      lang: env.OPS_LANG?.trim() || 'en',
    };
    const fields = parseFields(rest);
    const listing = { name: 'routes', method: 'GET' as const };
    const routes = dataOf(await request(base, headers, listing, {}), 'routes') as OpsRoute[];
    if (name === 'help' || name === '--help' || name === '-h' || name === 'routes') {
      const width = Math.max(...routes.map((r) => r.name.length));
      io.out(`${routes.map((r) => `${r.method.padEnd(5)} ${r.name.padEnd(width)}`).join('\n')}\n`);
      return 0;
    }
    const route = routes.find((r) => r.name === name);
    if (!route) throw new CliError(`unknown route "${name}"; npm run ops -- routes lists them`);
    const data = dataOf(await request(base, headers, route, fields), route.name);
    io.out(`${JSON.stringify(data, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    io.err(`ops: ${err.message}\n`);
    return 1;
  }
}

/** `operators/create` on the server machine: the database itself, no server, no token. */
async function createOffline(
  fields: Record<string, string>,
  env: NodeJS.ProcessEnv,
  io: CliIo,
  cwd: string,
  prompt: ((question: string) => Promise<string>) | undefined,
): Promise<number> {
  const { createOperatorOffline, promptHidden } = await import('./cli-operators');
  const { AppError } = await import('../http');
  try {
    const created = await createOperatorOffline(fields, env, cwd, operatorName(env), prompt ?? promptHidden);
    io.out(`${JSON.stringify(created, null, 2)}\n`);
    io.out('the operator enrols a second factor (TOTP) at the first sign-in in the console\n');
    return 0;
  } catch (err) {
    if (err instanceof AppError) throw new CliError(err.field ? `${err.key} (${err.field})` : err.key);
    if (err instanceof Error && !(err instanceof CliError)) throw new CliError(err.message);
    throw err;
  }
}

/** `db/copy --to <url>` (or `to=<url>`): runs on the database files, not through a server. */
async function dbCopy(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  cwd: string,
): Promise<number> {
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('to='))?.slice(3);
  if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new CliError('db/copy needs --to postgres://…');
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || 'data/');
  const { copyDatabase } = await import('./db-copy');
  const report = await copyDatabase(dataDir, to, (line) => io.out(`${line}\n`));
  io.out(`${JSON.stringify(report, null, 2)}\n`);
  if (!report.ok) throw new CliError('the copy does not match the source: see the report above');
  io.out('copy verified: rows per table, journal sums per holder and coin, ledger invariants\n');
  return 0;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`ops: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
