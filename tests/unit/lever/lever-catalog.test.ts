import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, catalogProblems, type Catalog } from '../../../server/market/catalog';

const withLever = (patch: Partial<Catalog['lever']>): Catalog => ({
  ...DEFAULT_CATALOG,
  lever: { ...DEFAULT_CATALOG.lever, ...patch },
});

describe('lever catalog section', () => {
  it('the embedded defaults are sound', () => {
    expect(catalogProblems(DEFAULT_CATALOG)).toEqual([]);
  });

  it('refuses broken terms at start', () => {
    const pair = DEFAULT_CATALOG.lever.pairs[0]!;
    expect(catalogProblems(withLever({ pairs: [{ ...pair, symbol: 'NOPE/USDT' }] }))).toContain(
      'lever pair NOPE/USDT: not a spot pair',
    );
    expect(catalogProblems(withLever({ pairs: [{ ...pair, lot: '0.0000001' }] })).join()).toMatch(
      /more than 8 decimals/,
    );
    expect(catalogProblems(withLever({ pairs: [{ ...pair, minHands: 5, maxHands: 2 }] })).join()).toMatch(
      /hand bounds/,
    );
    expect(catalogProblems(withLever({ pairs: [{ ...pair, multiples: [10, 5] }] })).join()).toMatch(
      /multiples/,
    );
    expect(catalogProblems(withLever({ openFeeRate: '1.5' })).join()).toMatch(/openFeeRate/);
    expect(catalogProblems(withLever({ warnRiskRate: '0.1' })).join()).toMatch(/warnRiskRate/);
    expect(catalogProblems(withLever({ overnightAtUtc: '24:00' })).join()).toMatch(/overnightAtUtc/);
  });
});
