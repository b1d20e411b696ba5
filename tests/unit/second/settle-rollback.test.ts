// A settlement batch that fails changes nothing: no ledger line, no result, the options stay open
// with their house risk counted, and the next batch settles them exactly as if nothing had happened.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { ledgerViolations } from '../../../server/ledger';
import type { TradeTape } from '../../../server/market/trade-tape';
import { optionHarness, SYMBOL, T0 } from './option-harness';

// Room for exactly two 100 USDT options at 0.8 (house risk 80 each).
const TERMS: SecondTerms = {
  coin: 'USDT',
  pairs: [SYMBOL],
  durations: [{ seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '160' }],
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};

function setup() {
  // A tape whose exit lookup for `failAt` fails, as a database fault would: halfway through a batch,
  // after the options before it were worked out.
  const faulty = { failAt: 0 };
  const h = optionHarness(TERMS, (tape) => {
    const flakyTape = Object.create(tape) as TradeTape;
    flakyTape.atOrBefore = (symbol, ts) => {
      if (ts === faulty.failAt) throw new Error('disk I/O error');
      return tape.atOrBefore(symbol, ts);
    };
    return flakyTape;
  });
  return { ...h, faulty };
}

describe('a failed settlement batch', () => {
  it('leaves everything as it was, and the next batch settles the same options exactly once', () => {
    const { sqlite, ledger, wallet, service, trade, faulty, setClock } = setup();
    trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const up = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' });
    setClock(T0 + 20);
    const down = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'down', stake: '100' });
    // The price rises before either expiry: up wins (180 back), down loses.
    trade(2, 6_400_100, T0 + 5_000);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });

    faulty.failAt = down.expiresAt;
    expect(() => service.settleDue(T0 + 40_000)).toThrow(/disk I\/O/);
    const kinds = sqlite
      .prepare(
        `select count(*) as n from ledger_tx where kind in ('second.win', 'second.loss', 'second.refund')`,
      )
      .pluck();
    expect(kinds.get()).toBe(0);
    expect(sqlite.prepare('select count(*) from second_settlements').pluck().get()).toBe(0);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(service.nextExpiry()).toBe(up.expiresAt);
    // The two open options still use the whole exposure cap: a third is refused.
    expect(() => service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' })).toThrow(
      expect.objectContaining({ key: 'secondExposureCap' }),
    );

    faulty.failAt = 0;
    const settled = service.settleDue(T0 + 40_000);
    expect(settled.map((o) => [o.id, o.result])).toEqual([
      [up.id, 'won'],
      [down.id, 'lost'],
    ]);
    // Exactly the two options' money moved: nothing of the failed attempt came along.
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('980'), frozen: 0n });
    expect(kinds.get()).toBe(2);
    expect(ledgerViolations(sqlite)).toEqual([]);
    // Their risk is released: the cap has room again.
    setClock(T0 + 41_000);
    trade(3, 6_400_100, T0 + 40_500);
    expect(service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' }).status).toBe(
      'open',
    );
  });

  it('keeps counting the house risk of options whose batch failed to write', () => {
    const { sqlite, ledger, wallet, service, trade, setClock } = setup();
    trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' });
    setClock(T0 + 20);
    const down = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'down', stake: '100' });
    trade(2, 6_400_100, T0 + 5_000);
    // A settlement row already there for one option: the batch's write fails on it.
    sqlite
      .prepare(`insert into second_settlements values (?, 2, '64001.00', ?, 'lost', 0, ?, 0, 'expiry')`)
      .run(down.id, T0 + 5_000, T0 + 1);
    expect(() => service.settleDue(T0 + 40_000)).toThrow(/UNIQUE|PRIMARY/);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(() => service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' })).toThrow(
      expect.objectContaining({ key: 'secondExposureCap' }),
    );
  });
});
