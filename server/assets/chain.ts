/**
 * The seam between the exchange and blockchains. Deposit logic talks only to a ChainAdapter, so a
 * real node or custody API can replace the embedded simulator (server/sim/sim-chain.ts) without any
 * change to deposit addresses, confirmations or crediting.
 */

/** A transfer of a coin to an address, as a chain reports it. */
export interface ChainTransfer {
  /** Chain id of the catalog, such as `TRC20`. */
  chain: string;
  /** Coin symbol of the catalog, such as `USDT`. */
  coin: string;
  /** Transaction id as the chain writes it. */
  txid: string;
  /** Output index inside the transaction; `(chain, txid, vout)` identifies one transfer. */
  vout: number;
  /** Receiving address. */
  address: string;
  /** Amount received, in ledger minor units (1e-8 of the coin). */
  amount: bigint;
  /** Height of the block that includes it, or null while it waits in the mempool (unconfirmed). */
  blockHeight: number | null;
}

/**
 * Receives what an adapter sees. An adapter may report the same transfer more than once (again with
 * its block height once mined, or on a rescan after a restart); listeners must be idempotent. A
 * listener's promise settles once what it wrote is committed; an adapter awaits it (so the next
 * report sees it) and logs a failure rather than stopping, as the next block or restart catches up.
 */
export interface ChainListener {
  onTransfer(tx: ChainTransfer): void | Promise<void>;
  /** A new tip of `chainId`; `height` counts blocks from the chain's start. */
  onBlock(chainId: string, height: number): void | Promise<void>;
}

/** Access to the chains deposits arrive on. */
export interface ChainAdapter {
  /** True for the embedded simulator (demo mode), so the app can tell users no real coins move. */
  readonly simulated: boolean;
  /** The user's deposit address on `chainId`; always the same for the same user and chain. */
  depositAddress(userId: number, chainId: string): string;
  /** Current tip height of `chainId` (0 before its first block). */
  height(chainId: string): number;
  /** Adds a listener; returns a function that removes it. */
  subscribe(listener: ChainListener): () => void;
  /**
   * Starts following the chains. An adapter reports again the transfers of recent blocks and the
   * current tips here, so listeners catch up on whatever they missed while the process was down.
   */
  start(): void | Promise<void>;
  /** Stops following the chains (timers, connections); settles once a report under way has ended. */
  stop(): void | Promise<void>;
}

/** A transfer an operator sends from the outside world to an address (demo mode only). */
export interface SimDepositReq {
  chain: string;
  coin: string;
  address: string;
  /** Ledger minor units (1e-8 of the coin), positive. */
  amount: bigint;
  /**
   * Replays a transaction already sent, as a node reporting it twice would; a new id is made when
   * absent. An unknown id is used as given.
   */
  txid?: string;
}

/** What `sendDeposit` did. */
export interface SimDepositResult {
  txid: string;
  vout: number;
  /** Null while it waits for the next block. */
  blockHeight: number | null;
  /** True when `txid` named a transaction sent before, which was reported again, not sent again. */
  replayed: boolean;
}

/** A replayed txid whose coin, address or amount differ from the transaction already sent. */
export class SimTxConflictError extends Error {
  override name = 'SimTxConflictError';
}

/** What one `mine` call did on one chain: its height before and after, and the transfers it included. */
export interface SimMined {
  chain: string;
  from: number;
  to: number;
  txids: string[];
}

/**
 * A simulated chain (demo mode): a chain adapter an operator can also send deposits on and mine
 * blocks of. server/sim implements it; app.ts plugs it into the deposits module.
 */
export interface SimulatedChain extends ChainAdapter {
  /**
   * Sends coins from the outside world to `req.address`; `audit` runs in the same writer command,
   * with the transfer already stored under `req.txid` when this send replays it (else null).
   * Settles after the listeners were told of the transfer.
   */
  sendDeposit(
    req: SimDepositReq,
    audit?: (txid: string, replayed: ChainTransfer | null) => unknown,
  ): Promise<SimDepositResult>;
  /**
   * Mines `blocks` blocks now on `chain` (every chain when null), `audit` in the same writer command
   * with each chain's heights before and after and the transfers the first block included; settles
   * with the new heights after the listeners were told of the blocks.
   */
  mine(
    chain: string | null,
    blocks: number,
    audit?: (mined: readonly SimMined[]) => unknown,
  ): Promise<Record<string, number>>;
}
