import {
  CREDIT_CONFIRMATIONS,
  UNIT_DECIMALS,
  WITHDRAWABLE_CONFIRMATIONS,
  type CoinChain,
  type CoinInfo,
  type CryptoDepositStatus,
} from '../../../domain';
import type { Engine } from '../../db';
import type { Ledger } from '../../ledger';
import { WORLD_USER_ID } from '../../ledger';
import type { ChainAdapter, ChainListener, ChainTransfer } from '../chain';
import type { DepositAddressStore } from './address-store';
import { DepositStore, type DepositRow } from './deposit-store';

/** Ledger kind of a crypto deposit credit. */
export const DEPOSIT_KIND = 'deposit.crypto';

/** Where the service reports transfers it ignores; a Fastify logger fits. */
export interface DepositLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** What the deposit service needs. */
export interface DepositServiceDeps {
  engine: Engine;
  ledger: Ledger;
  adapter: ChainAdapter;
  addresses: DepositAddressStore;
  coins: readonly CoinInfo[];
  coinChains: readonly CoinChain[];
  log?: DepositLog;
  /**
   * Called after a deposit was stored or changed, once its writer command committed; `credited` when
   * this change put the money in the user's spot account.
   */
  onChange?(row: DepositRow, credited: boolean): void;
  now?: () => number;
}

/** The status a deposit reaches with `confirmations` (spec §9: credited at 1, withdrawable at 6). */
export function statusAt(confirmations: number): CryptoDepositStatus {
  if (confirmations >= WITHDRAWABLE_CONFIRMATIONS) return 'final';
  if (confirmations >= CREDIT_CONFIRMATIONS) return 'credited';
  return 'pending';
}

const RANK: Record<CryptoDepositStatus, number> = { pending: 0, credited: 1, final: 2 };

/** A deposit a command stored or moved, told to `onChange` after the commit. */
interface Change {
  row: DepositRow;
  credited: boolean;
}

/** What a transfer's command did: the changes to report, or why it was ignored (logged). */
type Taken = { changes: Change[] } | { ignored: string; detail: Record<string, unknown> };

/**
 * Turns chain transfers into deposits. A transfer to an address this exchange handed out, of a coin
 * open for deposit on that chain, becomes a `crypto_deposits` row (once per chain, txid and vout,
 * however often the adapter reports it). Each block recomputes the confirmations of the chain's open
 * deposits; the one change that reaches CREDIT_CONFIRMATIONS credits the spot account from the world
 * holder in the same writer command as the status change, so a deposit is credited exactly once,
 * across restarts and repeated reports alike. Each report is one command that reads what it decides
 * on (the owner, the stored row, its status) inside it. Confirmations only grow, so the service may
 * be fed old blocks again after a restart, and a block whose command was refused (the database busy)
 * is made good by the next one.
 */
export class DepositService implements ChainListener {
  readonly store: DepositStore;
  readonly #deps: DepositServiceDeps;
  readonly #now: () => number;

  constructor(deps: DepositServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.store = new DepositStore(deps.engine);
  }

  async onTransfer(tx: ChainTransfer): Promise<void> {
    const { coins, coinChains, log } = this.#deps;
    const coin = coins.find((c) => c.symbol === tx.coin);
    const terms = coinChains.find((t) => t.coin === tx.coin && t.chain === tx.chain);
    if (!coin || !terms?.depositEnabled) {
      log?.warn(
        { chain: tx.chain, coin: tx.coin, txid: tx.txid },
        'deposit of a coin not open on this chain ignored',
      );
      return;
    }
    // Digits below the coin's decimals cannot be shown or withdrawn: floored away, never rounded up.
    const step = 10n ** BigInt(UNIT_DECIMALS - coin.decimals);
    const amount = tx.amount - (tx.amount % step);
    if (amount <= 0n) {
      log?.warn(
        { chain: tx.chain, coin: tx.coin, txid: tx.txid },
        'deposit below the coin precision ignored',
      );
      return;
    }
    const taken = await this.#deps.engine.writer.run(() => this.#take(tx, amount));
    if ('ignored' in taken) log?.warn(taken.detail, taken.ignored);
    else this.#report(taken.changes);
  }

  async onBlock(chainId: string, height: number): Promise<void> {
    const changes = await this.#deps.engine.writer.run(async () => {
      const out: Change[] = [];
      for (const row of await this.store.open(chainId)) {
        const change = await this.#confirm(row, height);
        if (change) out.push(change);
      }
      return out;
    });
    this.#report(changes);
  }

  /** Brings every open deposit up to the adapter's current heights (at start, after a restart). */
  async catchUp(): Promise<void> {
    const chains = new Set(this.#deps.coinChains.map((t) => t.chain));
    for (const chain of chains) await this.onBlock(chain, this.#deps.adapter.height(chain));
  }

  /** A transfer's command: stores it for the address's owner and confirms it as far as its block allows. */
  async #take(tx: ChainTransfer, amount: bigint): Promise<Taken> {
    const userId = await this.#deps.addresses.owner(tx.chain, tx.address);
    if (userId === null) {
      return {
        ignored: 'deposit to an unknown address ignored',
        detail: { chain: tx.chain, txid: tx.txid, address: tx.address },
      };
    }
    const { row, changed } = await this.#record(tx, userId, amount);
    if (row.userId !== userId || row.amount !== amount || row.coin !== tx.coin) {
      return {
        ignored: 'transfer reported again with other terms ignored',
        detail: { chain: tx.chain, txid: tx.txid, id: row.id },
      };
    }
    const advanced =
      row.blockHeight === null ? null : await this.#confirm(row, this.#deps.adapter.height(tx.chain));
    // One report per change the user can see: an advance already reports the row as it is now.
    if (advanced) return { changes: [advanced] };
    return { changes: changed ? [{ row, credited: false }] : [] };
  }

  async #record(
    tx: ChainTransfer,
    userId: number,
    amount: bigint,
  ): Promise<{ row: DepositRow; changed: boolean }> {
    const { row, inserted } = await this.store.insert(
      {
        userId,
        coin: tx.coin,
        chain: tx.chain,
        address: tx.address,
        txid: tx.txid,
        vout: tx.vout,
        amount,
        blockHeight: tx.blockHeight,
      },
      this.#now(),
    );
    if (inserted) return { row, changed: true };
    // The first report wins; a later one with other terms must not move the block of the first.
    if (row.userId !== userId || row.amount !== amount || row.coin !== tx.coin)
      return { row, changed: false };
    if (tx.blockHeight !== null && (await this.store.setBlock(row.id, tx.blockHeight))) {
      return { row: { ...row, blockHeight: tx.blockHeight }, changed: true };
    }
    return { row, changed: false };
  }

  /**
   * Inside a command: moves the deposit to its confirmations at `height`, crediting it when it leaves
   * `pending`; the change, or null when there was none.
   */
  async #confirm(row: DepositRow, height: number): Promise<Change | null> {
    if (row.blockHeight === null || row.status === 'final') return null;
    const confirmations = height - row.blockHeight + 1;
    if (confirmations <= row.confirmations) return null;
    const to = statusAt(confirmations);
    const at = this.#now();
    if (!(await this.store.advance({ id: row.id, from: row.status, to, confirmations, at }))) return null;
    const credited = row.status === 'pending' && RANK[to] >= RANK.credited;
    if (credited) {
      await this.#deps.ledger.transfer(
        {
          kind: DEPOSIT_KIND,
          refType: 'crypto_deposits',
          refId: String(row.id),
          actor: `chain:${row.chain}`,
          memo: row.txid,
        },
        { userId: WORLD_USER_ID, account: 'spot', coin: row.coin },
        { userId: row.userId, account: 'spot', coin: row.coin },
        row.amount,
      );
    }
    const after = await this.store.byId(row.id);
    return after && { row: after, credited };
  }

  #report(changes: readonly Change[]): void {
    for (const c of changes) this.#deps.onChange?.(c.row, c.credited);
  }
}
