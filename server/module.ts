import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Engine, Migration } from './db';
import type { ChannelHub, TextCatalog, HandlerRegistry } from './http';
import type { Ledger } from './ledger';
import type { Catalog, TickerBoard, TradeTape } from './market';
import type { SessionStore } from './mine';
import type { OpsEvents, OpsJournal, OpsRegistry } from './ops';
import type { MessageSender } from './messaging';
import type { UploadClaim, UploadClaims } from './shared/uploads';

/** Shared services every area module may use. */
export interface ServerContext {
  config: Config;
  /**
   * The database on either engine: every store binds its statement table to it (`statementsOf`),
   * and every state change runs as a command of its one writer (`engine.writer.run`); reads outside
   * a command see committed data only. Migrations ran before, through `openDatabase`.
   */
  engine: Engine;
  /** Endpoint handlers; each module adds its own endpoints of the domain table. */
  registry: HandlerRegistry;
  /** Socket channels: declare families with `onSubscribe`, push data with `publish`. */
  hub: ChannelHub;
  sessions: SessionStore;
  sender: MessageSender;
  /**
   * The one Ledger of the process, shared by every area that moves money (spot, assets …): its posts
   * run inside writer commands and are written with the batch that holds them.
   */
  ledger: Ledger;
  /** The catalog in force (coins with their decimals, pairs, fees), loaded once at start. */
  catalog: Catalog;
  /** Rolling 24 h spot tickers, fed by the spot area; others read last prices from it. */
  tickers: TickerBoard;
  /**
   * Committed spot trades per market, fed by the spot area after each batch: the one price source
   * of contracts and options (last trade, staleness refusal, catch-up reads, listeners).
   */
  tape: TradeTape;
  /** Operator routes (`/api/ops/*`); areas add their reviews here. */
  ops: OpsRegistry;
  /** What operators' consoles show live; areas publish, the operator socket fans out. */
  opsEvents: OpsEvents;
  /** The operator audit trail; record inside the transaction of the change. */
  opsJournal: OpsJournal;
  /** Which uploads the areas keep: every module's `uploadClaims`, gathered before any registers. */
  uploadClaims: UploadClaims;
  log: FastifyBaseLogger;
  /** `version` of package.json. */
  version: string;
  /** The app's texts of namespace `ns` (`locales/<lang>/<ns>.json`), for texts the server writes itself. */
  texts(ns: string): TextCatalog;
}

/**
 * One area of the server (mine, market, trade …). `register` runs before the HTTP server is built;
 * `prepare` once everything is registered, before the server listens (state the first request must
 * find: demo accounts, the market maker's first quotes); `start` after it listens (simulators,
 * timers); `stop` on shutdown, in reverse order.
 */
export interface ServerModule {
  name: string;
  /**
   * The schema steps of the tables this area owns, in any order: the composition root collects every
   * module's and the database applies them in name order before any module registers.
   */
  migrations?: readonly Migration[];
  /**
   * Columns of this area's tables that name uploads it keeps: an upload one of them names is never
   * swept nor taken again by another form (see UploadClaims).
   */
  uploadClaims?: readonly UploadClaim[];
  register(ctx: ServerContext): void | Promise<void>;
  prepare?(ctx: ServerContext): void | Promise<void>;
  start?(ctx: ServerContext): void | Promise<void>;
  stop?(): void | Promise<void>;
}
