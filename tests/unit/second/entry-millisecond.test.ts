// Issue 30, item 1: the entry is the market's last trade strictly before the acceptance millisecond.
// A trade recorded in that very millisecond may have been matched after the user saw the price, so
// it must not become the entry (server/second/option-service.ts `entryAt`). The clock is fixed, so
// the trade and the acceptance share one millisecond every run.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { ledgerViolations } from '../../../server/ledger';
import { optionHarness, T0, TERMS_30S, UP_100 } from './option-harness';

describe('the entry of an option accepted in the millisecond of a trade', () => {
  it('is the earlier trade, and the option settles against it', async () => {
    const { db, ledger, wallet, service, trade, setClock } = await optionHarness(TERMS_30S);
    const at = T0 + 10;
    await trade(1, 6_400_000, T0);
    await trade(2, 6_400_050, at - 1);
    // Two trades in the acceptance millisecond: neither may be the entry, whatever their order.
    await trade(3, 6_400_100, at);
    await trade(4, 6_400_200, at);
    setClock(at);
    const o = await service.place(1, UP_100);
    expect(o).toMatchObject({ acceptedAt: at, entryTradeId: 2, entryPrice: '64000.50', entryTs: at - 1 });
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('900'), frozen: toUnits('100') });

    // No trade after the acceptance: the exit is trade 4 (64002.00), above the entry, so up wins
    // 100 + 80. Had trade 4 been the entry, the exit would equal it and only the stake come back.
    const [settled] = await service.settleDue(o.expiresAt + 1);
    expect(settled).toMatchObject({ id: o.id, exitTradeId: 4, result: 'won', creditedUnits: toUnits('180') });
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('1080'), frozen: 0n });
    expect(await ledgerViolations(db.engine)).toEqual([]);
  });

  it('is refused when the only fresh trade is in the acceptance millisecond', async () => {
    const { ledger, wallet, service, trade, setClock } = await optionHarness(TERMS_30S);
    // The earlier trade is older than the staleness window; the recent one shares the millisecond.
    await trade(1, 6_400_000, T0 - 60_001);
    await trade(2, 6_400_100, T0);
    setClock(T0);
    await expect(service.place(1, UP_100)).rejects.toThrow(
      expect.objectContaining({ key: 'noOptimalPrice' }),
    );
    expect(await ledger.balance(wallet)).toEqual({ available: toUnits('1000'), frozen: 0n });
    // One millisecond later the same trade is before the acceptance and is the entry.
    setClock(T0 + 1);
    expect(await service.place(1, UP_100)).toMatchObject({ entryTradeId: 2, entryTs: T0 });
  });
});
