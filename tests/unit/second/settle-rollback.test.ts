// A settlement batch that fails changes nothing: no ledger line, no result, the options stay open
// with their house risk counted, and the next batch settles them exactly as if nothing had happened.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { ledgerViolations } from '../../../server/ledger';
import type { TradeTape } from '../../../server/market/trade-tape';
import { inFailedBatch, optionHarness, query, SYMBOL, T0 } from './option-harness';

// Room for exactly two 100 USDT options at 0.8 (house risk 80 each).
const TERMS: SecondTerms = {
  coin: 'USDT',
  pairs: [SYMBOL],
  durations: [{ seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '160' }],
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};

async function setup() {
  // A tape whose exit lookup for `failAt` fails, as a database fault would: halfway through a batch,
  // after the options before it were worked out.
  const faulty = { failAt: 0 };
  const h = await optionHarness(TERMS, (tape) => {
    const flakyTape = Object.create(tape) as TradeTape;
    flakyTape.atOrBefore = (symbol, ts) => {
      if (ts === faulty.failAt) throw new Error('disk I/O error');
      return tape.atOrBefore(symbol, ts);
    };
    return flakyTape;
  });
  const count = async (text: string) => (await query(h.db, text))[0]!.n;
  return { ...h, faulty, count };
}

const SETTLE_TXS = `select count(*) as n from ledger_tx where kind in ('second.win', 'second.loss', 'second.refund')`;
const UP = { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' } as const;
const DOWN = { ...UP, direction: 'down' } as const;

describe('a failed settlement batch', () => {
  it('leaves everything as it was, and the next batch settles the same options exactly once', async () => {
    const { db, ledger, wallet, service, trade, faulty, setClock, count } = await setup();
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const up = await service.place(1, UP);
    setClock(T0 + 20);
    const down = await service.place(1, DOWN);
    // The price rises before either expiry: up wins (180 back), down loses.
    await trade(2, 6_400_100, T0 + 5_000);
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });

    faulty.failAt = down.expiresAt;
    await expect(service.settleDue(T0 + 40_000)).rejects.toThrow(/disk I\/O/);
    expect(await count(SETTLE_TXS)).toBe(0);
    expect(await count('select count(*) as n from second_settlements')).toBe(0);
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(service.nextExpiry()).toBe(up.expiresAt);
    // The two open options still use the whole exposure cap: a third is refused.
    await expect(service.place(1, UP)).rejects.toThrow(expect.objectContaining({ key: 'secondExposureCap' }));

    faulty.failAt = 0;
    const settled = await service.settleDue(T0 + 40_000);
    expect(settled.map((o) => [o.id, o.result])).toEqual([
      [up.id, 'won'],
      [down.id, 'lost'],
    ]);
    // Exactly the two options' money moved: nothing of the failed attempt came along.
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('980'), frozen: 0n });
    expect(await count(SETTLE_TXS)).toBe(2);
    expect(await ledgerViolations(db.engine)).toEqual([]);
    // Their risk is released: the cap has room again.
    setClock(T0 + 41_000);
    await trade(3, 6_400_100, T0 + 40_500);
    expect((await service.place(1, UP)).status).toBe('open');
  });

  it('keeps counting the house risk of options whose batch failed to write', async () => {
    const { db, ledger, wallet, service, trade, setClock, count } = await setup();
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    await service.place(1, UP);
    setClock(T0 + 20);
    const down = await service.place(1, DOWN);
    await trade(2, 6_400_100, T0 + 5_000);
    // A settlement row already there for one option (set-up, the writer idle): the batch's write fails on it.
    db.sqlite
      .prepare(`insert into second_settlements values (?, 2, '64001.00', ?, 'lost', 0, ?, 0, 'expiry')`)
      .run(down.id, T0 + 5_000, T0 + 1);
    await expect(service.settleDue(T0 + 40_000)).rejects.toThrow(/UNIQUE|PRIMARY/);
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(await count(SETTLE_TXS)).toBe(0);
    expect(service.nextExpiry()).toBe(down.expiresAt - 10);
    await expect(service.place(1, UP)).rejects.toThrow(expect.objectContaining({ key: 'secondExposureCap' }));
  });

  it('takes back a batch that failed as a whole after settling, and the next one settles exactly once', async () => {
    const { db, ledger, wallet, service, trade, setClock, count } = await setup();
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const up = await service.place(1, UP);
    await trade(2, 6_400_100, T0 + 5_000);
    // The settling command succeeds, then another command of its batch fails without a savepoint:
    // the whole batch rolls back, the settlement with it.
    const outcomes = await inFailedBatch(db, () => service.settleDue(T0 + 40_000));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await count(SETTLE_TXS)).toBe(0);
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('900'), frozen: toUnits('100') });
    expect(service.nextExpiry()).toBe(up.expiresAt);
    // The risk was counted again: room for exactly one more.
    setClock(T0 + 6_000);
    await service.place(1, DOWN);
    await expect(service.place(1, UP)).rejects.toThrow(expect.objectContaining({ key: 'secondExposureCap' }));
    const settled = await service.settleDue(up.expiresAt + 1);
    expect(settled.map((o) => [o.id, o.result])).toEqual([[up.id, 'won']]);
    expect(await count(SETTLE_TXS)).toBe(1);
    expect(await ledgerViolations(db.engine)).toEqual([]);
  });

  it('takes back a placing whose batch failed: no option, no risk, nothing due', async () => {
    const { db, ledger, wallet, service, trade, setClock } = await setup();
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const outcomes = await inFailedBatch(db, () => service.place(1, UP));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('1000'), frozen: 0n });
    expect(await service.settleDue(T0 + 40_000)).toEqual([]);
    // Its risk went with it: two fit under the cap.
    await service.place(1, UP);
    expect((await service.place(1, DOWN)).status).toBe('open');
    expect(await ledgerViolations(db.engine)).toEqual([]);
  });
});
