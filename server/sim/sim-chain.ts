import { randomBytes } from 'node:crypto';
import type { AddressFormat, ChainInfo } from '../../domain';
import {
  SimTxConflictError,
  type ChainListener,
  type ChainTransfer,
  type SimDepositReq,
  type SimDepositResult,
  type SimMined,
  type SimulatedChain,
} from '../assets';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { derivedAddress, randomTxid } from './sim-chain-format';

/** Where the simulator writes what it could not deliver; a Fastify logger fits. */
export interface SimChainLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/** Settings of the simulated chain. */
export interface SimChainOptions {
  /** Milliseconds between two blocks on every chain; 0 mines only on `mine` (tests). */
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
 * Each send and each `mine` call is one writer command that reads what it builds on (the stored
 * transaction, the heights) inside it, so a block the timer mines and one an operator mines at the
 * same moment follow each other. Listeners are told after the commit, and awaited.
 *
 * It implements ChainAdapter like a real node or custody adapter would; the deposit logic cannot tell
 * the difference except by `simulated`.
 */
export class SimChain implements SimulatedChain {
  readonly simulated = true;
  readonly #engine: Engine;
  readonly #secret: Buffer;
  readonly #formats: Map<string, AddressFormat>;
  /** Heights as last committed; changed only after a mining command's commit. */
  readonly #heights: Map<string, number>;
  readonly #listeners = new Set<ChainListener>();
  readonly #log: SimChainLog | undefined;
  readonly #now: () => number;
  readonly #blockMs: number;
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  #timer: NodeJS.Timeout | undefined;
  /** The block the timer is mining, awaited by `stop`. */
  #tick: Promise<void> | undefined;
  /** The reports told so far: each send or block is told after the ones committed before it. */
  #told: Promise<void> = Promise.resolve();

  private constructor(
    engine: Engine,
    chains: readonly ChainInfo[],
    options: SimChainOptions,
    secret: Buffer,
    heights: Map<string, number>,
  ) {
    this.#engine = engine;
    this.#q = statementsOf(engine, STATEMENTS, { bigints: true });
    this.#formats = new Map(chains.map((c) => [c.id, c.format]));
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#blockMs = options.blockMs;
    this.#secret = secret;
    this.#heights = heights;
  }

  /**
   * The simulator on `engine`: keeps a new address secret and a height for each new chain (one
   * writer command), then reads the secret and the heights.
   */
  static async open(
    engine: Engine,
    chains: readonly ChainInfo[],
    options: SimChainOptions,
  ): Promise<SimChain> {
    const q = statementsOf(engine, STATEMENTS, { bigints: true });
    const fresh = randomBytes(32).toString('hex');
    const { secret, heights } = await engine.writer.run(async () => {
      await q.keepSecret.run(SECRET_KEY, fresh);
      for (const c of chains) await q.addHeight.run(c.id);
      return { secret: String(await q.meta.get(SECRET_KEY)), heights: await q.heights.all() };
    });
    const ids = new Set(chains.map((c) => c.id));
    const known = new Map(heights.filter((h) => ids.has(h.chain)).map((h) => [h.chain, h.height]));
    return new SimChain(engine, chains, options, Buffer.from(secret, 'hex'), known);
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
  async start(): Promise<void> {
    await this.#tell(async () => {
      for (const chain of this.chains()) {
        const height = this.height(chain);
        for (const row of await this.#q.replayTxs.all(chain, height - REPLAY_BLOCKS)) {
          await this.#emitTransfer(toTransfer(row));
        }
        await this.#emitBlock(chain, height);
      }
    });
    if (this.#blockMs > 0 && !this.#timer) {
      this.#timer = setInterval(() => {
        // A block still being mined (or told) when the next is due: that one is skipped.
        this.#tick ??= this.mine(null, 1)
          .then(
            () => undefined,
            // A refused command (the database busy) loses nothing: the next tick mines again.
            (err: unknown) => this.#log?.error({ err }, 'simulated chain: mining failed'),
          )
          .finally(() => (this.#tick = undefined));
      }, this.#blockMs);
      // Blocks must not keep a finished process (a test) alive.
      this.#timer.unref();
    }
  }

  /** Stops the timer and waits for the block it was mining. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#tick;
  }

  /**
   * Sends `req.amount` of `req.coin` to `req.address` from outside: a mempool transaction, reported
   * at once with no block height and again when a block includes it. `audit` runs inside the writer
   * command that stores it (the operator's journal entry).
   */
  async sendDeposit(
    req: SimDepositReq,
    audit?: (txid: string, replayed: ChainTransfer | null) => unknown,
  ): Promise<SimDepositResult> {
    const format = this.#format(req.chain);
    if (req.amount <= 0n) throw new RangeError('a simulated deposit needs a positive amount');
    const vout = 0;
    const txid = req.txid ?? randomTxid(format);
    const sent = await this.#engine.writer.run(async () => {
      const old = req.txid === undefined ? undefined : await this.#q.findTx.get(req.chain, req.txid, vout);
      if (old) {
        if (old.coin !== req.coin || old.address !== req.address || old.amount !== req.amount) {
          throw new SimTxConflictError(`transaction ${req.txid} on ${req.chain} was sent with other terms`);
        }
        // A replay stores nothing, so its audit entry is the only write.
        await audit?.(txid, toTransfer(old));
        return { tx: toTransfer(old), replayed: true };
      }
      const row: TxRow = {
        chain: req.chain,
        txid,
        vout,
        coin: req.coin,
        address: req.address,
        amount: req.amount,
        block_height: null,
      };
      await this.#q.insertTx.run(
        row.chain,
        row.txid,
        row.vout,
        row.coin,
        row.address,
        row.amount,
        this.#now(),
      );
      await audit?.(txid, null);
      return { tx: toTransfer(row), replayed: false };
    });
    await this.#tell(() => this.#emitTransfer(sent.tx));
    return { txid: sent.tx.txid, vout, blockHeight: sent.tx.blockHeight, replayed: sent.replayed };
  }

  /**
   * Mines `blocks` blocks at once on `chain`, or on every chain when null; the first includes the
   * waiting transfers. All blocks of one call are one writer command with `audit`: a crash keeps all
   * of them or none. Then reports the included transfers and each new block; returns the new heights.
   */
  async mine(
    chain: string | null,
    blocks: number,
    audit?: (mined: readonly SimMined[]) => unknown,
  ): Promise<Record<string, number>> {
    if (!Number.isSafeInteger(blocks) || blocks < 1)
      throw new RangeError('blocks must be a positive integer');
    const list = chain === null ? this.chains() : [chain];
    for (const c of list) this.#format(c);
    const mined = await this.#engine.writer.run(async () => {
      // The heights as the commands before this one left them (another `mine` may be in the batch).
      const stored = new Map((await this.#q.heights.all()).map((h) => [h.chain, h.height]));
      const out: Array<{ chain: string; from: number; txs: TxRow[] }> = [];
      for (const c of list) {
        const from = stored.get(c) ?? 0;
        await this.#q.setHeight.run(from + blocks, c);
        // Every waiting transfer fits in the first new block: the simulator has no block size limit.
        await this.#q.include.run(from + 1, c);
        out.push({ chain: c, from, txs: await this.#q.included.all(c, from + 1) });
      }
      await audit?.(
        out.map((m) => ({
          chain: m.chain,
          from: m.from,
          to: m.from + blocks,
          txids: m.txs.map((t) => t.txid),
        })),
      );
      // In commit order, so the heights never step back when two mining commands share a batch.
      this.#engine.writer.afterCommit(() => {
        for (const m of out) this.#heights.set(m.chain, m.from + blocks);
      });
      return out;
    });
    await this.#tell(async () => {
      for (const m of mined) {
        for (const row of m.txs) await this.#emitTransfer(toTransfer(row));
        for (let h = m.from + 1; h <= m.from + blocks; h++) await this.#emitBlock(m.chain, h);
      }
    });
    return Object.fromEntries(mined.map((m) => [m.chain, m.from + blocks]));
  }

  #format(chainId: string): AddressFormat {
    const format = this.#formats.get(chainId);
    if (!format) throw new RangeError(`the simulated chain does not run ${chainId}`);
    return format;
  }

  /**
   * Tells the listeners after every report queued before: called as each command's commit comes
   * back, so listeners hear of sends and blocks in commit order even when they were made together.
   */
  #tell(report: () => Promise<void>): Promise<void> {
    const told = this.#told.then(report);
    this.#told = told.catch(() => undefined);
    return told;
  }

  // A listener's failure must not stop the chain: it catches up on the next block or restart.
  async #emitTransfer(tx: ChainTransfer): Promise<void> {
    for (const l of this.#listeners) {
      try {
        await l.onTransfer(tx);
      } catch (err) {
        this.#log?.error(
          { err, chain: tx.chain, txid: tx.txid },
          'simulated chain: transfer listener failed',
        );
      }
    }
  }

  async #emitBlock(chain: string, height: number): Promise<void> {
    for (const l of this.#listeners) {
      try {
        await l.onBlock(chain, height);
      } catch (err) {
        this.#log?.error({ err, chain, height }, 'simulated chain: block listener failed');
      }
    }
  }
}
