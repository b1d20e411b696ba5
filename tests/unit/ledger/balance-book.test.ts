// The writer's balance book (server/ledger/balance-book.ts) on its own: what it holds, the undo log a
// command's savepoint and a failed batch return along, and which entries a flush must write.
// Written for mutation testing (docs/mutation.md), beside ledger.mutation.test.ts.
import { describe, expect, it } from 'vitest';
import { BalanceBook, holderKey, holderOf } from '../../../server/ledger/balance-book';

const A = '1|spot|USDT';
const B = '2|lever|BTC';

const dirtyOf = (book: BalanceBook) => [...book.dirty()].map(([key, e]) => [key, e.available, e.frozen]);

describe('BalanceBook', () => {
  it('names a holder by user, account and coin, and back', () => {
    expect(holderKey({ userId: -1, account: 'legal', coin: 'USDT' })).toBe('-1|legal|USDT');
    expect(holderOf('-1|legal|USDT')).toEqual({ userId: -1, account: 'legal', coin: 'USDT' });
    expect(holderOf(holderKey({ userId: 12, account: 'spot', coin: 'BTC' }))).toEqual({
      userId: 12,
      account: 'spot',
      coin: 'BTC',
    });
  });

  it('holds what was read, as it was read, and a holder without a row as zero; reading is no change', () => {
    const book = new BalanceBook();
    expect(book.get(A)).toBeUndefined();
    expect(book.loaded(A, { available: 5n, frozen: 2n })).toEqual({
      available: 5n,
      frozen: 2n,
      exists: true,
      dirty: false,
    });
    expect(book.loaded(B, undefined)).toEqual({ available: 0n, frozen: 0n, exists: false, dirty: false });
    expect(book.get(A)).toEqual({ available: 5n, frozen: 2n, exists: true, dirty: false });
    expect(book.mark()).toBe(0);
    expect(dirtyOf(book)).toEqual([]);
    book.rollbackTo(0);
    expect(book.get(B)).toEqual({ available: 0n, frozen: 0n, exists: false, dirty: false });
  });

  it('marks a change dirty, for the flush, and undoes changes newest first', () => {
    const book = new BalanceBook();
    book.loaded(A, { available: 1n, frozen: 0n });
    book.change(A, 2n, 0n);
    expect(book.mark()).toBe(1);
    book.change(A, 3n, 1n);
    book.change(B, 4n, 0n);
    expect(book.get(A)).toEqual({ available: 3n, frozen: 1n, exists: true, dirty: true });
    expect(book.get(B)).toEqual({ available: 4n, frozen: 0n, exists: false, dirty: true });
    expect(dirtyOf(book)).toEqual([
      [A, 3n, 1n],
      [B, 4n, 0n],
    ]);
    book.rollbackTo(0);
    // Newest first: A returns to what was read, not to its first change.
    expect(book.get(A)).toEqual({ available: 1n, frozen: 0n, exists: true, dirty: false });
    // B came with an undone change: it leaves the book.
    expect(book.get(B)).toBeUndefined();
    expect(book.mark()).toBe(0);
    expect(dirtyOf(book)).toEqual([]);
  });

  it('keeps what a command changed before a nested step when the step is undone, in the entry and the flush', () => {
    const book = new BalanceBook();
    book.loaded(A, { available: 10n, frozen: 0n });
    book.loaded(B, undefined);
    book.change(A, 9n, 1n); // the command
    const step = book.mark();
    book.change(A, 7n, 3n); // its nested step …
    book.change(B, 5n, 0n);
    book.change(B, 6n, 0n);
    book.rollbackTo(step); // … undone
    expect(book.get(A)).toEqual({ available: 9n, frozen: 1n, exists: true, dirty: true });
    expect(book.get(B)).toEqual({ available: 0n, frozen: 0n, exists: false, dirty: false });
    expect(dirtyOf(book)).toEqual([[A, 9n, 1n]]);
    expect(book.mark()).toBe(step);
    // The entry held for the undo is a copy: changing the live entry again does not alter it.
    book.change(A, 8n, 2n);
    book.rollbackTo(step);
    expect(book.get(A)).toEqual({ available: 9n, frozen: 1n, exists: true, dirty: true });
  });

  it('after a commit: every entry clean and existing, nothing to flush, nothing to undo', () => {
    const book = new BalanceBook();
    book.loaded(A, { available: 1n, frozen: 0n });
    book.change(A, 2n, 0n);
    book.change(B, 3n, 0n);
    book.committed();
    expect(book.get(A)).toEqual({ available: 2n, frozen: 0n, exists: true, dirty: false });
    expect(book.get(B)).toEqual({ available: 3n, frozen: 0n, exists: true, dirty: false });
    expect(dirtyOf(book)).toEqual([]);
    expect(book.mark()).toBe(0);
    book.rollbackTo(0);
    expect(book.get(B)).toEqual({ available: 3n, frozen: 0n, exists: true, dirty: false });
    // The next batch's changes are flushed and undone from there.
    book.change(B, 4n, 0n);
    expect(dirtyOf(book)).toEqual([[B, 4n, 0n]]);
    book.rollbackTo(0);
    expect(book.get(B)).toEqual({ available: 3n, frozen: 0n, exists: true, dirty: false });
    expect(dirtyOf(book)).toEqual([]);
  });

  it('forgets everything on clear', () => {
    const book = new BalanceBook();
    book.loaded(A, { available: 1n, frozen: 0n });
    book.change(B, 3n, 0n);
    book.clear();
    expect(book.get(A)).toBeUndefined();
    expect(book.get(B)).toBeUndefined();
    expect(book.entries.size).toBe(0);
    expect(dirtyOf(book)).toEqual([]);
    expect(book.mark()).toBe(0);
  });
});
