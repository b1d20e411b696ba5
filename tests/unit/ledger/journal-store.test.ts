// The journal page a user reads (the assets area's records) and the ledger's reference checks: each
// filter narrows to what it names, and a reference is found only under the kind and id it was posted with.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { hasTxFor, hasTxOfKind, JournalStore, WORLD_USER_ID } from '../../../server/ledger';
import { meta, openLedger, spot, type LedgerHarness } from './ledger-harness';

describe('the journal store', () => {
  let h: LedgerHarness;
  const page = { userId: 7, account: null, coin: null, kind: null, before: 1e12, limit: 50 };

  beforeEach(async () => {
    h = await openLedger('database');
    await h.run(async () => {
      await h.ledger.transfer(
        meta('deposit', 'd1'),
        spot(WORLD_USER_ID, 'USDT'),
        spot(7, 'USDT'),
        toUnits('100'),
      );
      await h.ledger.transfer(
        meta('deposit', 'd2'),
        spot(WORLD_USER_ID, 'BTC'),
        spot(7, 'BTC'),
        toUnits('0.5'),
      );
      await h.ledger.freeze(meta('withdraw', 'w1'), spot(7, 'USDT'), toUnits('30'));
    });
  });
  afterEach(() => h.close());

  it('lists a user’s lines newest first, each filter narrowing to what it names', async () => {
    const store = new JournalStore(h.db.engine);
    const all = await store.list(page);
    expect(all.map((l) => [l.kind, l.coin, l.field, l.delta])).toEqual([
      ['withdraw', 'USDT', 'frozen', '30.00000000'],
      ['withdraw', 'USDT', 'available', '-30.00000000'],
      ['deposit', 'BTC', 'available', '0.50000000'],
      ['deposit', 'USDT', 'available', '100.00000000'],
    ]);
    expect((await store.list({ ...page, coin: 'BTC' })).map((l) => l.refId)).toEqual(['d2']);
    expect((await store.list({ ...page, kind: 'withdraw', coin: 'USDT' })).map((l) => l.field)).toEqual([
      'frozen',
      'available',
    ]);
    expect(await store.list({ ...page, account: 'lever' })).toEqual([]);
    expect(await store.list({ ...page, userId: 8 })).toEqual([]);
    expect((await store.list({ ...page, before: all[1]!.id, limit: 1 })).map((l) => l.refId)).toEqual(['d2']);
  });

  it('finds a reference under the kind and id it was posted with, and nowhere else', async () => {
    expect(await hasTxOfKind(h.db.engine, 'deposit', 'test', 'd1')).toBe(true);
    expect(await hasTxOfKind(h.db.engine, 'withdraw', 'test', 'd1')).toBe(false);
    expect(await hasTxOfKind(h.db.engine, 'deposit', 'test', 'w1')).toBe(false);
    expect(await hasTxOfKind(h.db.engine, 'deposit', 'other', 'd1')).toBe(false);
    expect(await hasTxFor(h.db.engine, 'test', 'w1')).toBe(true);
    expect(await hasTxFor(h.db.engine, 'test', 'w2')).toBe(false);
    expect(await hasTxFor(h.db.engine, 'other', 'w1')).toBe(false);
  });
});
