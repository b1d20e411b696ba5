import { describe, expect, it } from 'vitest';
import { PostingNet, WORLD_USER_ID, ledgerViolations } from '../../../server/ledger';
import { AUTHORITIES, meta, openLedger } from './ledger-harness';

const alice = { userId: 1, account: 'spot', coin: 'USDT' } as const;
const bob = { userId: 2, account: 'spot', coin: 'USDT' } as const;

describe('PostingNet', () => {
  it('nets each holder and field into one line, in the order they first appeared, dropping zeros', () => {
    const net = new PostingNet();
    net.freeze(alice, 100n);
    net.add(alice, 'frozen', -60n);
    net.add(bob, 'available', 60n);
    net.unfreeze(alice, 40n);
    expect(net.postings()).toEqual([
      { ...alice, field: 'available', delta: -60n },
      { ...bob, field: 'available', delta: 60n },
    ]);
  });

  it('keeps accounts and coins of one user apart', () => {
    const net = new PostingNet();
    net.add(alice, 'available', -5n);
    net.add({ ...alice, account: 'lever' }, 'available', 5n);
    net.add({ ...alice, coin: 'BTC' }, 'available', 0n);
    expect(net.postings().map((p) => [p.account, p.coin, p.delta])).toEqual([
      ['spot', 'USDT', -5n],
      ['lever', 'USDT', 5n],
    ]);
  });

  it.each(AUTHORITIES)(
    'starts empty again after clear, and its net posts as one balanced ledger transaction (%s authority)',
    async (authority) => {
      const h = await openLedger(authority);
      try {
        await h.run(() => h.ledger.transfer(meta(), { ...alice, userId: WORLD_USER_ID }, alice, 100n));
        const net = new PostingNet();
        net.add(bob, 'available', 1n);
        net.clear();
        expect(net.postings()).toEqual([]);
        net.freeze(alice, 30n);
        net.add(alice, 'frozen', -30n);
        net.add(bob, 'available', 30n);
        const tx = await h.run(() => h.ledger.post(meta(), net.postings()));
        expect(
          (await h.journal()).filter((l) => l.txId === tx).map((l) => [l.userId, l.field, l.delta]),
        ).toEqual([
          [1, 'available', -30n],
          [2, 'available', 30n],
        ]);
        expect(await h.ledger.balance(alice)).toEqual({ available: 70n, frozen: 0n });
        expect(await ledgerViolations(h.db.engine)).toEqual([]);
      } finally {
        await h.close();
      }
    },
  );
});
