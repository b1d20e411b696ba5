import path from 'node:path';

/** Whether the server runs simulators and exposes the code outbox (`demo`) or never does (`production`). */
export type AppMode = 'demo' | 'production';

/** Request budgets of the abuse-prone endpoints. Windows are in milliseconds. */
export interface RateLimits {
  /** Login attempts per account per `loginWindowMs`. */
  loginPerAccount: number;
  /** Login attempts per client IP per `loginWindowMs`. */
  loginPerIp: number;
  /** Length of the login window, in milliseconds. */
  loginWindowMs: number;
  /** Minimum gap between two codes for the same account and scene, in milliseconds. */
  codeResendMs: number;
  /** Codes per client IP per `codeIpWindowMs`. */
  codesPerIp: number;
  /** Length of the per-IP code window, in milliseconds. */
  codeIpWindowMs: number;
  /** Trade-password checks per user per minute; stops guessing a 6-character secret online. */
  tradePwdChecksPerMinute: number;
  /**
   * Requests per client IP per `accountCheckWindowMs` to each endpoint that tells whether an account
   * exists (user/checkAccount, user/forget, user/register), so nobody can list the user base.
   */
  accountChecksPerIp: number;
  /** Length of the account-check window, in milliseconds. */
  accountCheckWindowMs: number;
}

/** Server configuration, read once at start. */
export interface Config {
  /** TCP port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind, such as `0.0.0.0` or `127.0.0.1`. */
  host: string;
  /** Path the built app is served under, with leading and trailing slash, such as `/h5/`. */
  basePath: string;
  /** Absolute directory of persistent data, or `:memory:` for a throw-away database. */
  dataDir: string;
  /**
   * PostgreSQL to run on (DATABASE_URL, `postgres://…`); without it, SQLite in `dataDir`. Uploads
   * stay in `dataDir` either way.
   */
  databaseUrl: string | undefined;
  /**
   * Where the ledger's balances come from (BALANCE_AUTHORITY): `memory`, read once at start and kept
   * by the one writer, or `database`, read by each batch (`server/ledger`, `BalanceAuthority`).
   */
  balanceAuthority: 'memory' | 'database';
  /**
   * What this process is (ROLE, server/cluster): `all` (the default: one process does everything),
   * `core` (the one writer, the engines and the timers; answers the edges over the bus) or `edge`
   * (HTTP and sockets; sends commands to the core, serves reads, fans out the core's events).
   */
  role: 'all' | 'core' | 'edge';
  /** The bus of a cluster (NATS_URL, `nats://…`); required by `core` and `edge`. */
  natsUrl: string | undefined;
  mode: AppMode;
  /**
   * Run the market-maker simulator (SIM_MARKET). Demo mode only; see `simMarketOn`.
   */
  simMarket: boolean;
  /**
   * Run the simulated chain (SIM_CHAIN): deposit addresses and deposits without a real network. Demo
   * mode only; see `simChainOn`.
   */
  simChain: boolean;
  /** Milliseconds between two blocks of the simulated chain (SIM_BLOCK_MS). */
  simChainBlockMs: number;
  /** Absolute directory of the built app (`npm run build`). */
  distDir: string;
  /** Absolute directory of the operator console's build (OPS_DIST_DIR); unset: `<distDir>-ops`. */
  opsDistDir?: string | undefined;
  /** Session lifetime, in hours. */
  sessionTtlHours: number;
  /**
   * The operator console (OPS_CONSOLE, on by default): off serves no `/api/ops/*` route, no operator
   * socket and no `/ops/` file (404 as if absent); the CLI's direct commands still work.
   */
  opsConsole: boolean;
  /**
   * A second listen address for the console (OPS_HOST, default `127.0.0.1`, and OPS_PORT): when
   * OPS_PORT is set, `/api/ops/*`, the operator socket and `/ops/` are served only there and answer
   * 404 on the public address. Unset: the console shares the public address.
   */
  opsListen: { host: string; port: number } | undefined;
  /** A console session ends after this long without a request, in milliseconds (OPS_IDLE_MINUTES). */
  opsIdleMs: number;
  /**
   * How long a TOTP code given on a console session (at sign-in or with a decision) lets that
   * session take money-affecting decisions without another one, in milliseconds (OPS_STEP_UP_MINUTES).
   */
  opsStepUpMs: number;
  /** Bearer token of the operator API; the operator API is off when absent. */
  operatorToken: string | undefined;
  /**
   * Key of the verification codes' HMAC (CODE_HASH_KEY, at least 32 characters), for several
   * instances sharing one database; absent, each process draws its own at start (codes live minutes).
   */
  codeHashKey: string | undefined;
  /** JSON file whose top-level keys replace the embedded market catalog (CATALOG_FILE). */
  catalogFile: string | undefined;
  /** Trust `X-Forwarded-For` from a reverse proxy when computing client IPs. */
  trustProxy: boolean;
  /** Product name shown by the app. */
  appName: string;
  /** Support contact shown by the app. */
  supportEmail: string;
  /** Support hours shown by the app, free text. */
  supportHours: string;
  /** SMTP connection URL of the e-mail sender (SMTP_URL); e-mail codes go to the outbox without it (demo). */
  smtpUrl: string | undefined;
  /** From address of e-mail (MAIL_FROM), such as `Exchange <no-reply@example.com>`. */
  mailFrom: string | undefined;
  /** Gateway that receives `POST {"to","text"}` for each SMS (SMS_WEBHOOK_URL). */
  smsWebhookUrl: string | undefined;
  /** Bearer token sent to the SMS gateway (SMS_WEBHOOK_TOKEN). */
  smsWebhookToken: string | undefined;
  rateLimits: RateLimits;
  /**
   * HTTPS origins the live page may play an HLS stream from (LIVE_ORIGINS, comma-separated), added
   * to the CSP's media and connect sources; streams on this site need none.
   */
  liveOrigins: readonly string[];
}

/** Budgets that fit one small exchange; tests may raise them. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: 10,
  loginPerIp: 30,
  loginWindowMs: 60_000,
  codeResendMs: 60_000,
  codesPerIp: 10,
  codeIpWindowMs: 3_600_000,
  tradePwdChecksPerMinute: 10,
  accountChecksPerIp: 30,
  accountCheckWindowMs: 900_000,
};

/** Raised when an environment variable has a value we cannot use; the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** OPS_DIST_DIR as an absolute path, or undefined (the console's build beside the app's). */
const opsDirVar = (env: NodeJS.ProcessEnv, cwd: string): string | undefined => {
  const dir = env.OPS_DIST_DIR?.trim();
  return dir ? path.resolve(cwd, dir) : undefined;
};

const nonEmpty = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function flagVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

/**
 * Whether the simulated chain runs: asked for and in demo mode. Production never runs it, whatever a
 * caller put in the config, because its deposits create money from nothing.
 */
export function simChainOn(config: Pick<Config, 'mode' | 'simChain'>): boolean {
  return config.mode === 'demo' && config.simChain;
}

/**
 * Whether the market-maker simulator runs: asked for and in demo mode. Production never runs it,
 * whatever a caller put in the config: its bots would pass for real liquidity.
 */
export function simMarketOn(config: Pick<Config, 'mode' | 'simMarket'>): boolean {
  return config.mode === 'demo' && config.simMarket;
}

function urlVar(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError(`${name} must be a URL`);
  }
  // The value may hold a password: never echo it.
  if (!protocols.includes(protocol))
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//`);
  return raw;
}

function mailFromVar(env: NodeJS.ProcessEnv): string | undefined {
  const raw = nonEmpty(env.MAIL_FROM);
  if (raw !== undefined && (!/@[^@\s]+\.[^@\s]+/.test(raw) || /[\r\n]/.test(raw)))
    throw new ConfigError(`MAIL_FROM must be an e-mail address, such as "Exchange <no-reply@example.com>"`);
  return raw;
}

/** Normalises a base path to `/x/y/` form; `''` and `/` both mean the root. */
export function normalizeBasePath(raw: string): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  if (/[?#\s]/.test(trimmed)) throw new ConfigError(`BASE_PATH must be a plain path, got "${raw}"`);
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Reads the configuration from environment variables. Relative directories are resolved against
 * `cwd`, as an operator typing them in a shell would expect.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const modeRaw = nonEmpty(env.APP_MODE)?.toLowerCase() ?? 'demo';
  if (modeRaw !== 'demo' && modeRaw !== 'production') {
    throw new ConfigError(`APP_MODE must be demo or production, got "${modeRaw}"`);
  }
  const mode: AppMode = modeRaw;
  const dataRaw = nonEmpty(env.DATA_DIR) ?? 'data/';
  const simChain = flagVar(env, 'SIM_CHAIN', mode === 'demo');
  if (simChain && mode !== 'demo') {
    throw new ConfigError(
      'SIM_CHAIN=on is for demo mode only: simulated deposits would create real balances',
    );
  }
  // The market simulator is an embedded default of demo mode only; production needs real liquidity.
  const simMarket = flagVar(env, 'SIM_MARKET', mode === 'demo');
  if (simMarket && mode !== 'demo') {
    throw new ConfigError(
      'SIM_MARKET=on is for demo mode only: simulated bots would pass for real liquidity',
    );
  }
  return {
    port: intVar(env, 'PORT', 8080, 0, 65_535),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    basePath: normalizeBasePath(env.BASE_PATH ?? '/h5/'),
    dataDir: dataRaw === ':memory:' ? ':memory:' : path.resolve(cwd, dataRaw),
    databaseUrl: urlVar(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    balanceAuthority: authorityVar(env.BALANCE_AUTHORITY),
    ...clusterVars(env, dataRaw),
    mode,
    simMarket,
    simChain,
    simChainBlockMs: intVar(env, 'SIM_BLOCK_MS', 5000, 100, 3_600_000),
    distDir: path.resolve(cwd, nonEmpty(env.DIST_DIR) ?? 'dist/'),
    opsDistDir: opsDirVar(env, cwd),
    sessionTtlHours: intVar(env, 'SESSION_TTL_HOURS', 720, 1, 24 * 365),
    opsConsole: flagVar(env, 'OPS_CONSOLE', true),
    opsListen: opsListenVar(env),
    opsIdleMs: intVar(env, 'OPS_IDLE_MINUTES', 30, 1, 12 * 60) * 60_000,
    opsStepUpMs: intVar(env, 'OPS_STEP_UP_MINUTES', 5, 0, 60) * 60_000,
    operatorToken: nonEmpty(env.OPERATOR_TOKEN),
    codeHashKey: codeKeyVar(env.CODE_HASH_KEY),
    catalogFile: nonEmpty(env.CATALOG_FILE),
    trustProxy: flagVar(env, 'TRUST_PROXY', false),
    appName: nonEmpty(env.APP_NAME) ?? 'Exchange',
    supportEmail: nonEmpty(env.SUPPORT_EMAIL) ?? 'support@example.com',
    supportHours: nonEmpty(env.SUPPORT_HOURS) ?? '24/7',
    smtpUrl: urlVar(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFromVar(env),
    smsWebhookUrl: urlVar(env, 'SMS_WEBHOOK_URL', ['https:', 'http:']),
    smsWebhookToken: nonEmpty(env.SMS_WEBHOOK_TOKEN),
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    liveOrigins: originsVar(env, 'LIVE_ORIGINS'),
  };
}

/** OPS_HOST and OPS_PORT: the console's own listen address, or undefined when OPS_PORT is unset. */
function opsListenVar(env: NodeJS.ProcessEnv): Config['opsListen'] {
  const host = nonEmpty(env.OPS_HOST);
  if (nonEmpty(env.OPS_PORT) === undefined) {
    if (host !== undefined) throw new ConfigError('OPS_HOST needs OPS_PORT: the port the console listens on');
    return undefined;
  }
  // Loopback by default: the console's address is for the operators' network, not the internet.
  return { host: host ?? '127.0.0.1', port: intVar(env, 'OPS_PORT', 0, 0, 65_535) };
}

/** ROLE and NATS_URL, checked together: a cluster needs a bus and a database every process reaches. */
function clusterVars(env: NodeJS.ProcessEnv, dataRaw: string): Pick<Config, 'role' | 'natsUrl'> {
  const role = nonEmpty(env.ROLE)?.toLowerCase() ?? 'all';
  if (role !== 'all' && role !== 'core' && role !== 'edge') {
    throw new ConfigError(`ROLE must be all, core or edge, got "${role}"`);
  }
  const natsUrl = urlVar(env, 'NATS_URL', ['nats:', 'tls:']);
  if (role !== 'all' && natsUrl === undefined) throw new ConfigError(`ROLE=${role} needs NATS_URL`);
  if (role !== 'all' && dataRaw === ':memory:' && nonEmpty(env.DATABASE_URL) === undefined) {
    throw new ConfigError(`ROLE=${role} needs a database the other processes reach, not DATA_DIR=:memory:`);
  }
  return { role, natsUrl };
}

function authorityVar(raw: string | undefined): Config['balanceAuthority'] {
  const value = nonEmpty(raw) ?? 'database';
  if (value !== 'memory' && value !== 'database') {
    throw new ConfigError(`BALANCE_AUTHORITY must be memory or database, got "${value}"`);
  }
  return value;
}

/** A comma-separated list of https origins (`https://host[:port]`), each checked. */
function originsVar(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = nonEmpty(env[name]);
  if (!raw) return [];
  return raw.split(',').map((part) => {
    const text = part.trim();
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ConfigError(`${name} must list https origins, got "${text}"`);
    }
    if (url.protocol !== 'https:' || url.origin !== text.replace(/\/$/, '')) {
      throw new ConfigError(
        `${name} must list https origins such as https://stream.example.com, got "${text}"`,
      );
    }
    return url.origin;
  });
}

/** CODE_HASH_KEY: unset, or at least 32 characters (a short key would be guessable with the codes). */
function codeKeyVar(value: string | undefined): string | undefined {
  const key = nonEmpty(value);
  if (key !== undefined && key.length < 32) throw new Error('CODE_HASH_KEY must be at least 32 characters');
  return key;
}
