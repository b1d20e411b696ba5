import type { Holder, Posting } from './ledger-types';

/**
 * The postings of one business change, collected step by step and netted per holder and field, so
 * that the change is one ledger transaction with one line per balance it moves. An order that
 * freezes, fills against three makers and releases its rest becomes one transaction: the taker's
 * frozen amount nets to what still rests, and the house gets one fee line per coin instead of one per
 * fill. Every step must itself be balanced; the net then is too.
 */
export class PostingNet {
  private readonly byKey = new Map<string, Posting>();

  /** Adds a signed change (minor units) of one field of one holder. */
  add(holder: Holder, field: Posting['field'], delta: bigint): void {
    const key = `${holder.userId}|${holder.account}|${holder.coin}|${field}`;
    const line = this.byKey.get(key);
    if (line) line.delta += delta;
    else
      this.byKey.set(key, {
        userId: holder.userId,
        account: holder.account,
        coin: holder.coin,
        field,
        delta,
      });
  }

  /** Moves `amount` from available to frozen. */
  freeze(holder: Holder, amount: bigint): void {
    this.add(holder, 'available', -amount);
    this.add(holder, 'frozen', amount);
  }

  /** Moves `amount` from frozen back to available. */
  unfreeze(holder: Holder, amount: bigint): void {
    this.add(holder, 'frozen', -amount);
    this.add(holder, 'available', amount);
  }

  /** The netted lines in the order their holder and field first appeared; lines that net to 0 are left out. */
  postings(): Posting[] {
    const out: Posting[] = [];
    for (const line of this.byKey.values()) if (line.delta !== 0n) out.push(line);
    return out;
  }

  /** Forgets every line, for the next change. */
  clear(): void {
    this.byKey.clear();
  }
}
