import { BulkRows, type Engine } from '../db';

/** One row of `identity_rebates` as the rebate service records it; amounts in ledger minor units. */
export interface RebateRecord {
  referrerId: number;
  referralId: number;
  tradeId: number;
  symbol: string;
  coin: string;
  feeUnits: bigint;
  units: bigint;
  ledgerTxId: number;
  /** ms since the epoch. */
  createdAt: number;
}

/** What makes a rebate unique in `identity_rebates`: its trade, paying user and coin. */
export const rebateKey = (tradeId: number, referralId: number, coin: string) =>
  `${tradeId}/${referralId}/${coin}`;

/**
 * The `identity_rebates` rows of the running writer batch, written when the batch flushes. Each
 * names its `ledger_tx` row (a foreign key both engines check at once), and the ledger writes that
 * row only when the batch flushes; participants flush in the order they joined the writer, and the
 * process's ledger joins when it opens, before any area registers, so these rows follow it.
 *
 * A command's savepoint rollback drops the rows it added, a failed batch drops them all. `has` tells
 * a later command of the same batch that a rebate is already on its way.
 */
export class PendingRebates {
  readonly #rows = new BulkRows('identity_rebates', [
    'referrer_id',
    'referral_id',
    'trade_id',
    'symbol',
    'coin',
    'fee_units',
    'units',
    'ledger_tx_id',
    'created_at',
  ]);
  readonly #keys: string[] = [];
  readonly #keySet = new Set<string>();

  constructor(engine: Engine) {
    engine.writer.participate({
      mark: () => this.#keys.length,
      rollbackTo: (mark) => this.truncate(mark as number),
      flush: (conn) => this.#rows.flush(conn),
      committed: () => this.truncate(0),
      aborted: () => this.truncate(0),
    });
  }

  /** Queues a rebate row for the batch's flush; only inside a writer command. */
  add(r: RebateRecord): void {
    const key = rebateKey(r.tradeId, r.referralId, r.coin);
    this.#rows.add(
      r.referrerId,
      r.referralId,
      r.tradeId,
      r.symbol,
      r.coin,
      r.feeUnits,
      r.units,
      r.ledgerTxId,
      r.createdAt,
    );
    this.#keys.push(key);
    this.#keySet.add(key);
  }

  /** Whether the running batch already holds this rebate (see `rebateKey`). */
  has(key: string): boolean {
    return this.#keySet.has(key);
  }

  private truncate(rows: number): void {
    for (const key of this.#keys.splice(rows)) this.#keySet.delete(key);
    this.#rows.truncate(rows);
  }
}
