import type { AccountType } from '../../domain';
import type { Balance, Holder } from './ledger-types';

/** A holder's balance as the writer knows it, in minor units. */
export interface BookEntry extends Balance {
  /** Whether the row exists in `balances` (an upsert writes it either way; kept for the counts). */
  exists: boolean;
  /** Changed since the last flush. */
  dirty: boolean;
}

/** What a change overwrote, to put it back when the command (or the batch) that made it is undone. */
interface Undo {
  key: string;
  /** The entry as it was; null when the change added it to the book. */
  before: BookEntry | null;
}

export const holderKey = (h: Holder) => `${h.userId}|${h.account}|${h.coin}`;

export function holderOf(key: string): Holder {
  const [userId, account, coin] = key.split('|') as [string, AccountType, string];
  return { userId: Number(userId), account, coin };
}

/**
 * The writer's balances: the entries it has read or changed, and an undo log of every change since
 * the last commit, so a command's savepoint rollback and a failed batch take memory back with the
 * database. Only the writer touches it, one command at a time.
 */
export class BalanceBook {
  readonly entries = new Map<string, BookEntry>();
  /** Keys of the entries changed since the last commit: a flush writes these, not the whole book. */
  private readonly changed = new Set<string>();
  private undo: Undo[] = [];

  /** The entry of `key`, if the book holds it. */
  get(key: string): BookEntry | undefined {
    return this.entries.get(key);
  }

  /** Adds what was read from the database; not a change, so nothing to undo. */
  loaded(key: string, balance: Balance | undefined): BookEntry {
    const entry: BookEntry = balance
      ? { available: balance.available, frozen: balance.frozen, exists: true, dirty: false }
      : { available: 0n, frozen: 0n, exists: false, dirty: false };
    this.entries.set(key, entry);
    return entry;
  }

  /** Sets a holder's new balance, remembering the old one. */
  change(key: string, available: bigint, frozen: bigint): void {
    const entry = this.entries.get(key);
    this.undo.push({ key, before: entry ? { ...entry } : null });
    this.changed.add(key);
    if (entry) {
      entry.available = available;
      entry.frozen = frozen;
      entry.dirty = true;
    } else {
      this.entries.set(key, { available, frozen, exists: false, dirty: true });
    }
  }

  /** Position in the undo log. */
  mark(): number {
    return this.undo.length;
  }

  /** Undoes every change after `mark`, newest first. */
  rollbackTo(mark: number): void {
    while (this.undo.length > mark) {
      const { key, before } = this.undo.pop()!;
      if (before) this.entries.set(key, before);
      else this.entries.delete(key);
      if (!before?.dirty) this.changed.delete(key);
    }
  }

  /** The entries changed since the last flush, with their keys. */
  *dirty(): Generator<[string, BookEntry]> {
    for (const key of this.changed) yield [key, this.entries.get(key)!];
  }

  /** The batch committed: what was written is now the database's, and nothing is left to undo. */
  committed(): void {
    for (const key of this.changed) {
      const entry = this.entries.get(key)!;
      entry.dirty = false;
      entry.exists = true;
    }
    this.changed.clear();
    this.undo = [];
  }

  /** Forgets everything (the cache of one batch, when the database is the authority). */
  clear(): void {
    this.entries.clear();
    this.changed.clear();
    this.undo = [];
  }
}
