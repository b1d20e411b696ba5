import type { Database as SqliteDb } from 'better-sqlite3';
import {
  CREDIT_CONFIRMATIONS,
  UNIT_DECIMALS,
  WITHDRAWABLE_CONFIRMATIONS,
  type CoinChain,
  type CoinInfo,
  type CryptoDepositStatus,
} from '../../../domain';
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
  sqlite: SqliteDb;
  ledger: Ledger;
  adapter: ChainAdapter;
  addresses: DepositAddressStore;
  coins: readonly CoinInfo[];
  coinChains: readonly CoinChain[];
  log?: DepositLog;
  /**
   * Called after a deposit was stored or changed, once its transaction committed; `credited` when
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

/**
 * Turns chain transfers into deposits. A transfer to an address this exchange handed out, of a coin
 * open for deposit on that chain, becomes a `crypto_deposits` row (once per chain, txid and vout,
 * however often the adapter reports it). Each block recomputes the confirmations of the chain's open
 * deposits; the one change that reaches CREDIT_CONFIRMATIONS credits the spot account from the world
 * holder in the same database transaction as the status change, so a deposit is credited exactly
 * once, across restarts and repeated reports alike. Confirmations only grow, so the service may be
 * fed old blocks again after a restart.
 */
export class DepositService implements ChainListener {
  readonly store: DepositStore;
  readonly #deps: DepositServiceDeps;
  readonly #now: () => number;
  readonly #record: (
    tx: ChainTransfer,
    userId: number,
    amount: bigint,
  ) => { row: DepositRow; changed: boolean };
  readonly #advance: (row: DepositRow, confirmations: number) => DepositRow | null;

  constructor(deps: DepositServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.store = new DepositStore(deps.sqlite);
    this.#record = deps.sqlite.transaction((tx: ChainTransfer, userId: number, amount: bigint) => {
      const { row, inserted } = this.store.insert(
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
      if (tx.blockHeight !== null && this.store.setBlock(row.id, tx.blockHeight)) {
        return { row: { ...row, blockHeight: tx.blockHeight }, changed: true };
      }
      return { row, changed: false };
    });
    this.#advance = deps.sqlite.transaction((row: DepositRow, confirmations: number) => {
      const to = statusAt(confirmations);
      const at = this.#now();
      if (!this.store.advance({ id: row.id, from: row.status, to, confirmations, at })) return null;
      if (row.status === 'pending' && RANK[to] >= RANK.credited) {
        deps.ledger.transfer(
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
      return this.store.byId(row.id);
    });
  }

  onTransfer(tx: ChainTransfer): void {
    const { addresses, coins, coinChains, log } = this.#deps;
    const userId = addresses.owner(tx.chain, tx.address);
    if (userId === null) {
      log?.warn(
        { chain: tx.chain, txid: tx.txid, address: tx.address },
        'deposit to an unknown address ignored',
      );
      return;
    }
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
    const { row, changed } = this.#record(tx, userId, amount);
    if (row.userId !== userId || row.amount !== amount || row.coin !== tx.coin) {
      log?.warn(
        { chain: tx.chain, txid: tx.txid, id: row.id },
        'transfer reported again with other terms ignored',
      );
      return;
    }
    const advanced = row.blockHeight !== null && this.#confirm(row, this.#deps.adapter.height(tx.chain));
    // One report per change the user can see: an advance already reported the row as it is now.
    if (changed && !advanced) this.#deps.onChange?.(row, false);
  }

  onBlock(chainId: string, height: number): void {
    for (const row of this.store.open(chainId)) this.#confirm(row, height);
  }

  /** Brings every open deposit up to the adapter's current heights (at start, after a restart). */
  catchUp(): void {
    const chains = new Set(this.#deps.coinChains.map((t) => t.chain));
    for (const chain of chains) this.onBlock(chain, this.#deps.adapter.height(chain));
  }

  /** Moves the deposit to its confirmations at `height`; true when it changed (and was reported). */
  #confirm(row: DepositRow, height: number): boolean {
    if (row.blockHeight === null || row.status === 'final') return false;
    const confirmations = height - row.blockHeight + 1;
    if (confirmations <= row.confirmations) return false;
    const after = this.#advance(row, confirmations);
    if (!after) return false;
    this.#deps.onChange?.(after, row.status === 'pending' && after.status !== 'pending');
    return true;
  }
}
