import { randomBytes } from 'node:crypto';
import type { Database as SqliteDb } from 'better-sqlite3';
import type { AddressFormat, ChainInfo } from '../../domain';
import {
  SimTxConflictError,
  type ChainListener,
  type ChainTransfer,
  type SimDepositReq,
  type SimDepositResult,
  type SimulatedChain,
} from '../assets';
import { prepareAll, sql, type PreparedSet } from '../db';
import { derivedAddress, randomTxid } from './sim-chain-format';

/** Where the simulator writes what it could not deliver; a Fastify logger fits. */
export interface SimChainLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/** Settings of the simulated chain. */
export interface SimChainOptions {
  /** Milliseconds between two blocks on every chain; 0 mines only on `mine` (tests, the CLI). */
  blockMs: number;
  log?: SimChainLog;
  /** Clock of `created_at`, in milliseconds since the epoch. */
  now?: () => number;
}

export { SimTxConflictError, type SimDepositReq, type SimDepositResult } from '../assets';

/** Blocks reported again on `start`, so a listener that stopped mid-way catches up. */
const REPLAY_BLOCKS = 100;
const SECRET_KEY = 'address-secret';

/** A row of `sim_chain_txs`; read with safe integers, so `vout` and `block_height` may be bigints. */
interface TxRow {
  chain: string;
  txid: string;
  vout: number | bigint;
  coin: string;
  address: string;
  amount: bigint;
  block_height: number | bigint | null;
}

const toTransfer = (r: TxRow): ChainTransfer => ({
  chain: r.chain,
  coin: r.coin,
  txid: r.txid,
  vout: Number(r.vout),
  address: r.address,
  amount: r.amount,
  blockHeight: r.block_height === null ? null : Number(r.block_height),
});

const TX_COLS = 'chain, txid, vout, coin, address, amount, block_height';

/**
 * The statements over the simulated chain's tables, named by what they do. Integers come back as
 * bigint (amounts can pass 2^53 minor units); heights are narrowed to number by their mapper.
 */
const STATEMENTS = {
  keepSecret: sql<[key: string, value: string]>(
    'insert into sim_chain_meta (key, value) values (?, ?) on conflict do nothing',
  ),
  meta: sql<[key: string], unknown>('select value from sim_chain_meta where key = ?', (r) => r.value),
  addHeight: sql<[chain: string]>(
    'insert into sim_chain_heights (chain, height) values (?, 0) on conflict do nothing',
  ),
  heights: sql<[], { chain: string; height: number }>('select chain, height from sim_chain_heights', (r) => ({
    chain: r.chain as string,
    height: Number(r.height as bigint),
  })),
  findTx: sql<[chain: string, txid: string, vout: number], TxRow>(
    `select ${TX_COLS} from sim_chain_txs where chain = ? and txid = ? and vout = ?`,
  ),
  insertTx: sql<
    [
      chain: string,
      txid: string,
      vout: number | bigint,
      coin: string,
      address: string,
      amount: bigint,
      createdAt: number,
    ]
  >(`insert into sim_chain_txs (${TX_COLS}, created_at) values (?, ?, ?, ?, ?, ?, null, ?)`),
  // `id` orders the transfers of a block as they were sent; the mempool (no height) comes last.
  replayTxs: sql<[chain: string, aboveHeight: number], TxRow>(
    `select ${TX_COLS} from sim_chain_txs
     where chain = ? and (block_height is null or block_height > ?)
     order by block_height is null, block_height, id`,
  ),
  setHeight: sql<[height: number, chain: string]>('update sim_chain_heights set height = ? where chain = ?'),
  include: sql<[height: number, chain: string]>(
    'update sim_chain_txs set block_height = ? where chain = ? and block_height is null',
  ),
  included: sql<[chain: string, height: number], TxRow>(
    `select ${TX_COLS} from sim_chain_txs where chain = ? and block_height = ? order by id`,
  ),
};

/**
 * SIMULATOR — demo mode only. A stand-in for blockchains so deposits can be tried end to end on one
 * machine: no network, no keys, no real coins. Addresses are derived per user and chain with
 * HMAC-SHA256 from a secret kept in the database (so they are stable across restarts and unguessable
 * without it) and written in each chain's format. Every chain mines one block per `blockMs`;
 * `sendDeposit` puts a transfer in the mempool and the next block includes it. Heights and
 * transactions are stored, so a restart continues where it stopped.
 *
 * It implements ChainAdapter like a real node or custody adapter would; the deposit logic cannot tell
 * the difference except by `simulated`.
 */
export class SimChain implements SimulatedChain {
  readonly simulated = true;
  readonly #secret: Buffer;
  readonly #formats: Map<string, AddressFormat>;
  readonly #heights = new Map<string, number>();
  readonly #listeners = new Set<ChainListener>();
  readonly #log: SimChainLog | undefined;
  readonly #now: () => number;
  readonly #blockMs: number;
  #timer: NodeJS.Timeout | undefined;

  readonly #q: PreparedSet<typeof STATEMENTS>;
  readonly #mineBlocks: (chains: readonly string[], blocks: number, audit?: () => void) => TxRow[][];
  readonly #send: (row: TxRow, audit?: (txid: string) => void) => void;

  constructor(sqlite: SqliteDb, chains: readonly ChainInfo[], options: SimChainOptions) {
    this.#formats = new Map(chains.map((c) => [c.id, c.format]));
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#blockMs = options.blockMs;
    const q = (this.#q = prepareAll(sqlite, STATEMENTS, { bigints: true }));

    q.keepSecret.run(SECRET_KEY, randomBytes(32).toString('hex'));
    this.#secret = Buffer.from(String(q.meta.get(SECRET_KEY)), 'hex');

    for (const c of chains) q.addHeight.run(c.id);
    for (const h of q.heights.all()) if (this.#formats.has(h.chain)) this.#heights.set(h.chain, h.height);

    // All blocks of one `mine` call are one database transaction: a crash keeps all of them or none.
    this.#mineBlocks = sqlite.transaction((list: readonly string[], blocks: number, audit?: () => void) => {
      const txs = list.map((chain) => {
        const next = this.height(chain) + 1;
        q.setHeight.run(next - 1 + blocks, chain);
        // Every waiting transfer fits in the first new block: the simulator has no block size limit.
        q.include.run(next, chain);
        return q.included.all(chain, next);
      });
      audit?.();
      return txs;
    });
    this.#send = sqlite.transaction((row: TxRow, audit?: (txid: string) => void) => {
      q.insertTx.run(row.chain, row.txid, row.vout, row.coin, row.address, row.amount, this.#now());
      audit?.(row.txid);
    });
  }

  depositAddress(userId: number, chainId: string): string {
    return derivedAddress(this.#secret, `user:${userId}:chain:${chainId}`, this.#format(chainId));
  }

  height(chainId: string): number {
    return this.#heights.get(chainId) ?? 0;
  }

  /** Chain ids this simulator runs, in catalog order. */
  chains(): string[] {
    return [...this.#formats.keys()];
  }

  subscribe(listener: ChainListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reports the mempool, the transfers of recent blocks and every tip again, then starts the timer. */
  start(): void {
    for (const chain of this.chains()) {
      const height = this.height(chain);
      for (const row of this.#q.replayTxs.all(chain, height - REPLAY_BLOCKS)) {
        this.#emitTransfer(toTransfer(row));
      }
      this.#emitBlock(chain, height);
    }
    if (this.#blockMs > 0 && !this.#timer) {
      this.#timer = setInterval(() => {
        try {
          this.mine(null, 1);
        } catch (err) {
          this.#log?.error({ err }, 'simulated chain: mining failed');
        }
      }, this.#blockMs);
      // Blocks must not keep a finished process (a test, the CLI) alive.
      this.#timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Sends `req.amount` of `req.coin` to `req.address` from outside: a mempool transaction, reported
   * at once with no block height and again when a block includes it. `audit` runs inside the
   * database transaction that stores it (the operator's journal entry).
   */
  sendDeposit(req: SimDepositReq, audit?: (txid: string) => void): SimDepositResult {
    const format = this.#format(req.chain);
    if (req.amount <= 0n) throw new RangeError('a simulated deposit needs a positive amount');
    const vout = 0;
    if (req.txid !== undefined) {
      const old = this.#q.findTx.get(req.chain, req.txid, vout);
      if (old) {
        if (old.coin !== req.coin || old.address !== req.address || old.amount !== req.amount) {
          throw new SimTxConflictError(`transaction ${req.txid} on ${req.chain} was sent with other terms`);
        }
        // A replay stores nothing, so its audit entry is the only write.
        audit?.(req.txid);
        const tx = toTransfer(old);
        this.#emitTransfer(tx);
        return { txid: tx.txid, vout, blockHeight: tx.blockHeight, replayed: true };
      }
    }
    const row: TxRow = {
      chain: req.chain,
      txid: req.txid ?? randomTxid(format),
      vout,
      coin: req.coin,
      address: req.address,
      amount: req.amount,
      block_height: null,
    };
    this.#send(row, audit);
    this.#emitTransfer(toTransfer(row));
    return { txid: row.txid, vout, blockHeight: null, replayed: false };
  }

  /**
   * Mines `blocks` blocks at once on `chain`, or on every chain when null; the first includes the
   * waiting transfers. Reports the included transfers, then each new block. `audit` runs inside the
   * database transaction of the blocks. Returns the new heights.
   */
  mine(chain: string | null, blocks: number, audit?: () => void): Record<string, number> {
    if (!Number.isSafeInteger(blocks) || blocks < 1)
      throw new RangeError('blocks must be a positive integer');
    const list = chain === null ? this.chains() : [chain];
    for (const c of list) this.#format(c);
    const from = list.map((c) => this.height(c));
    const included = this.#mineBlocks(list, blocks, audit);
    list.forEach((c, i) => this.#heights.set(c, from[i]! + blocks));
    list.forEach((c, i) => {
      for (const row of included[i]!) this.#emitTransfer(toTransfer(row));
      for (let h = from[i]! + 1; h <= from[i]! + blocks; h++) this.#emitBlock(c, h);
    });
    return Object.fromEntries(list.map((c) => [c, this.height(c)]));
  }

  #format(chainId: string): AddressFormat {
    const format = this.#formats.get(chainId);
    if (!format) throw new RangeError(`the simulated chain does not run ${chainId}`);
    return format;
  }

  // A listener's failure must not stop the chain: it catches up on the next block or restart.
  #emitTransfer(tx: ChainTransfer): void {
    for (const l of this.#listeners) {
      try {
        l.onTransfer(tx);
      } catch (err) {
        this.#log?.error(
          { err, chain: tx.chain, txid: tx.txid },
          'simulated chain: transfer listener failed',
        );
      }
    }
  }

  #emitBlock(chain: string, height: number): void {
    for (const l of this.#listeners) {
      try {
        l.onBlock(chain, height);
      } catch (err) {
        this.#log?.error({ err, chain, height }, 'simulated chain: block listener failed');
      }
    }
  }
}
