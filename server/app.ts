import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createBankModule, createDepositsModule, assetsModule, withdrawalsModule } from './assets/module';
import { loadConfig, type Config } from './config';
import type { Engine, Migration } from './db';
import { DB_MIGRATIONS, openDatabase, openPostgresDatabase, type EngineDb } from './db/module';
import {
  ChannelHub,
  loadMessages,
  loadTexts,
  type TextCatalog,
  HandlerRegistry,
  createHttp,
  mountHttp,
  startSysChannel,
} from './http';
import { createLeverModule } from './lever/module';
import { Ledger, ledgerBaseline, ledgerMigration } from './ledger';
import { createIdentityModule } from './identity/module';
import { createIeoModule } from './ieo/module';
import { candlesBaseline, candlesMigration, loadCatalog, TickerBoard, TradeTape } from './market';
import { createLegalModule } from './legal/module';
import { createLockmingModule } from './lockming/module';
import { mineModule } from './mine/module';
import { newsModule } from './news/module';
import { kefuModule } from './kefu/module';
import { zhiboModule } from './zhibo/module';
import { listingModule } from './listing/module';
import { OpsEvents, OpsJournal, OpsRegistry, resolveOperatorToken } from './ops';
import { mountOpsConsole, opsConsoleUrl, opsModule } from './ops/module';
import { SessionStore, setCodeHashKey } from './mine';
import type { ServerContext, ServerModule } from './module';
import { LOCALES_DIR, ROOT_DIR } from './paths';
import { createSecondModule } from './second/module';
import { UploadClaims, uploadsBaseline } from './shared/uploads';
import { createSimChain, createSpotSimulator, OutboxSender, simModule } from './sim';
import { createMessageSender, type MessageSender, type SmsProvider } from './messaging';
import { systemModule } from './system/module';
import { createSpotModule } from './trade/module';
import { createSellModule } from './sell/module';
import { joinCluster, takeLead, type ClusterPart, type Leadership } from './cluster';

/** The built-in areas, in registration order. New areas append themselves here. */
export function defaultModules(): ServerModule[] {
  return [
    systemModule,
    simModule,
    mineModule,
    createSpotModule({ simulator: createSpotSimulator() }),
    assetsModule,
    createDepositsModule({ simulated: createSimChain }),
    createBankModule(),
    withdrawalsModule,
    createLeverModule(),
    newsModule,
    kefuModule,
    zhiboModule,
    listingModule,
    createSecondModule(),
    createLegalModule(),
    createIdentityModule(),
    createSellModule(),
    createIeoModule(),
    createLockmingModule(),
    opsModule,
  ];
}

/**
 * Every schema step the server applies: the database's own, the shared infrastructure's (the
 * ledger, the market's candles, the uploads core) and each area module's, legacy steps and baseline
 * parts alike (the runner picks: `migrateDatabase` in server/db/migrate.ts). Adding an area adds
 * its migrations to its module, not here.
 */
export function allMigrations(modules: readonly ServerModule[] = defaultModules()): Migration[] {
  return [
    ...DB_MIGRATIONS,
    ledgerMigration,
    ledgerBaseline,
    candlesMigration,
    candlesBaseline,
    uploadsBaseline,
    ...modules.flatMap((m) => m.migrations ?? []),
  ];
}

/** Options of `startServer`. */
export interface StartOptions {
  /** Overrides applied on top of the configuration read from `env`. */
  config?: Partial<Config>;
  /** Environment to read the configuration from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Replaces every message sender (e-mail and SMS). Without it, e-mail goes over SMTP_URL and SMS
   * through `smsProvider` or SMS_WEBHOOK_URL; demo mode falls back to the outbox, production refuses.
   */
  sender?: MessageSender;
  /** The SMS gateway, for deployments that bring their own in code. */
  smsProvider?: SmsProvider;
  /** pino level; defaults to LOG_LEVEL or `info`. */
  logLevel?: string;
  /** Directory of `<lang>/errors.json`; defaults to the repository's locales/. */
  localesDir?: string;
  /** Area modules; defaults to defaultModules(). */
  modules?: readonly ServerModule[];
  /**
   * A core that loses its lead (its lock connection died) must stop writing at once: by default the
   * process exits (code 70), so a standby that took the lock is the only writer.
   */
  onLeadLost?: (err: Error) => void;
  /**
   * A core that finds another one leading calls this once and waits as its standby (by default a
   * warning on the console).
   */
  onStandby?: () => void;
}

/** A running server. */
export interface RunningServer {
  /** Base URL such as `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  config: Config;
  /**
   * The database and the process's ledger, for what runs in the same process as the server (tests
   * that fund an account or check the ledger's invariants; an embedding). Every change still goes
   * through the one writer.
   */
  engine: Engine;
  ledger: Ledger;
  /** What the operators' consoles are told live (tests listen here; the operator socket fans it out). */
  opsEvents: OpsEvents;
  /** The console's own address (OPS_HOST/OPS_PORT), such as `http://127.0.0.1:9443`; null when it has none. */
  opsUrl: string | null;
  /** Stops accepting connections, closes sockets, stops modules and closes the database. */
  close(): Promise<void>;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The shared services every area gets (`ServerContext`): the ledger and the market's boards opened
 * on the database, the catalog loaded, the operators' registries and the texts.
 */
async function serverContext(
  base: Pick<
    ServerContext,
    'config' | 'engine' | 'registry' | 'hub' | 'sessions' | 'sender' | 'opsEvents' | 'log'
  >,
  { modules, localesDir }: { modules: readonly ServerModule[]; localesDir: string },
): Promise<ServerContext> {
  const { config, engine, hub, log } = base;
  const catalog = loadCatalog(config.catalogFile);
  const namespaces = new Map<string, TextCatalog>();
  return {
    ...base,
    // An edge never posts: it reads balances from the database and keeps none in memory.
    ledger: await Ledger.open(engine, config.role === 'edge' ? 'database' : config.balanceAuthority),
    catalog,
    tickers: new TickerBoard({ publish: (ch, data) => hub.publish(ch, data) }),
    tape: await TradeTape.open(engine, catalog.pairs),
    ops: new OpsRegistry(),
    opsJournal: new OpsJournal(engine),
    uploadClaims: new UploadClaims(
      engine,
      modules.flatMap((m) => m.uploadClaims ?? []),
    ),
    version: readVersion(),
    texts(ns) {
      let t = namespaces.get(ns);
      if (!t) namespaces.set(ns, (t = loadTexts(localesDir, ns, (msg) => log.warn(msg))));
      return t;
    },
  };
}

/**
 * `joinCluster`, its news on the HTTP log: `log()` is that log, which is created after the cluster
 * is joined (the cluster's rate-limit store goes into it), so anything said before is dropped.
 */
function joinLogged(config: Config, log: () => FastifyBaseLogger | undefined): Promise<ClusterPart | null> {
  return joinCluster(
    config,
    (status) => log()?.warn({ bus: status }, 'bus connection'),
    (err) => log()?.error({ err }, 'shared rate-limit counters unavailable: limited requests answer busy'),
  );
}

/**
 * A core leads before it touches the database: a second one waits here as the standby. One that
 * loses the lead stops writing: `onLost`, by default the end of the process.
 */
async function leadIfCore(
  config: Config,
  onLost?: (err: Error) => void,
  onStandby: () => void = () => console.warn('core: another core leads; standing by'),
): Promise<Leadership | null> {
  if (config.role !== 'core') return null;
  return takeLead(
    config,
    onLost ??
      ((err) => {
        console.error(`core: lost the lead (${err.message}); stopping so the standby takes over`);
        process.exit(70);
      }),
    onStandby,
  );
}

/** The URL a client reaches a server listening on `host`:`port` at (a wildcard host is this machine). */
function urlOf(listenHost: string, port: number): string {
  const host = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** config → bus and HTTP → lead → db + migrations → services → modules → listen → module start. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config: Config = { ...loadConfig(env), ...options.config };
  if (config.codeHashKey) setCodeHashKey(config.codeHashKey);
  const modules = options.modules ?? defaultModules();
  // PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR: one code path above this line. A
  // cluster's edge never migrates: it waits for the schema its core keeps.
  const schema = config.role === 'edge' ? 'await' : 'migrate';
  const hub = new ChannelHub();
  const stopSys = startSysChannel(hub);
  const registry = new HandlerRegistry();
  const opsEvents = new OpsEvents();
  const logLevel = options.logLevel ?? env.LOG_LEVEL ?? 'info';
  const localesDir = options.localesDir ?? LOCALES_DIR;
  const warnings: string[] = [];
  const messages = loadMessages(localesDir, (msg) => warnings.push(msg));

  let app: FastifyInstance | undefined;
  let lead: Leadership | null = null;
  let db: EngineDb | undefined;
  let ledger: Ledger | undefined;
  let sender: MessageSender | undefined;
  let cluster: ClusterPart | null = null;
  /** Modules prepared or started: stopped in reverse registration order. */
  const active = new Set<ServerModule>();
  const toStop = () => modules.filter((m) => active.has(m)).reverse();
  try {
    // What needs no database comes before the lead, so a standby core has it ready when it takes
    // over: the bus (a cluster's HTTP counts its request budgets in NATS) and the HTTP app, whose
    // building took up to 2 s of a takeover on two loaded cores.
    cluster = await joinLogged(config, () => app?.log);
    const http = { config, messages, logLevel, rateStore: cluster?.rateStore };
    app = await createHttp(http);
    for (const w of warnings) app.log.warn(w);
    if (messages.loaded.length === 0)
      app.log.warn({ localesDir }, 'no errors.json found; replies carry message keys');
    lead = await leadIfCore(config, options.onLeadLost, options.onStandby);
    const ledAt = Date.now();
    db = config.databaseUrl
      ? await openPostgresDatabase(config.databaseUrl, allMigrations(modules), { schema })
      : await openDatabase(config.dataDir, allMigrations(modules), { schema });
    const sessions = new SessionStore(db.engine, config.sessionTtlHours * 3_600_000);
    const auth = cluster?.authenticate(sessions) ?? sessions;
    sender =
      options.sender ??
      createMessageSender({
        config,
        engine: db.engine,
        log: app.log,
        smsProvider: options.smsProvider,
        simulated: (engine, log) => new OutboxSender(engine, log, true),
      });
    const log = app.log;
    const base = { config, engine: db.engine, registry, hub, sessions, sender, opsEvents, log };
    const ctx = await serverContext(base, { modules, localesDir });
    ledger = ctx.ledger;
    for (const m of modules) await m.register(ctx);
    cluster?.registered(registry);
    await mountHttp(app, { config, registry, auth, hub });
    // An edge changes nothing itself: the console, the areas' preparation and their timers are the core's.
    const edge = cluster?.role === 'edge';
    if (!edge) await mountOpsConsole(app, ctx, resolveOperatorToken(config), http);
    for (const m of modules) {
      if (!m.prepare || edge) continue;
      // A prepared module may hold resources (timers, queues): it is stopped like a started one.
      active.add(m);
      await m.prepare(ctx);
    }
    await app.listen({ port: config.port, host: config.host });
    for (const m of modules) {
      if (edge) continue;
      active.add(m);
      await m.start?.(ctx);
    }
    cluster?.started({ registry, hub, sessions, log });
    // What a takeover costs once the lead is held (the failover figures in docs/architecture.md).
    if (lead) log.info({ ms: Date.now() - ledAt }, 'core: leading; serving');
  } catch (err) {
    for (const m of toStop()) await m.stop?.();
    await cluster?.close();
    stopSys();
    await app?.close();
    await sender?.close?.();
    await db?.close();
    await lead?.release();
    throw err;
  }

  const address = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const server = app;
  const senders = sender!;
  const part = cluster;
  const store = db!;
  return {
    url: urlOf(config.host, address.port),
    port: address.port,
    config,
    engine: store.engine,
    ledger: ledger!,
    opsEvents,
    opsUrl: opsConsoleUrl(app),
    close() {
      closing ??= (async () => {
        // Requests in flight finish first (an order waits for its batch); then the areas stop their
        // timers and commit what they still hold, while the database is open.
        stopSys();
        await server.close();
        // A core stops answering before its areas stop, so no command reaches a stopped area.
        await part?.close();
        for (const m of toStop()) await m.stop?.();
        await senders.close?.();
        await store.close();
        await lead?.release();
      })();
      return closing;
    },
  };
}
