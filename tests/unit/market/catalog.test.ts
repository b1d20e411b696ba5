import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepDecimals } from '../../../domain';
import { addCoin, DEFAULT_CATALOG, catalogProblems, loadCatalog } from '../../../server/market/catalog';

describe('catalog', () => {
  it('ships sound defaults', () => {
    expect(catalogProblems(DEFAULT_CATALOG)).toEqual([]);
    expect(loadCatalog(undefined)).toEqual(DEFAULT_CATALOG);
  });

  it('adds a coin issued on the exchange to the catalog in force only, once, as its checks allow', () => {
    const catalog = loadCatalog(undefined);
    const before = DEFAULT_CATALOG.coins.length;
    addCoin(catalog, { symbol: 'NOVA', name: 'Nova', decimals: 4 });
    addCoin(catalog, { symbol: 'NOVA', name: 'Nova again', decimals: 2 });
    expect(catalog.coins.filter((c) => c.symbol === 'NOVA')).toEqual([
      { symbol: 'NOVA', name: 'Nova', decimals: 4 },
    ]);
    expect(DEFAULT_CATALOG.coins).toHaveLength(before);
    expect(loadCatalog(undefined).coins.some((c) => c.symbol === 'NOVA')).toBe(false);
    expect(() => addCoin(catalog, { symbol: 'bad coin', name: 'x', decimals: 2 })).toThrow(/refused/);
    expect(() => addCoin(catalog, { symbol: 'NINE', name: 'x', decimals: 9 })).toThrow(/refused/);
  });

  it('gives every coin display decimals within its own decimals, and refuses more', () => {
    for (const coin of DEFAULT_CATALOG.coins) {
      expect(coin.displayDecimals, coin.symbol).toBeDefined();
      expect(coin.displayDecimals!).toBeLessThanOrEqual(coin.decimals);
    }
    const coins = (patch: object) => DEFAULT_CATALOG.coins.map((c, i) => (i === 0 ? { ...c, ...patch } : c));
    expect(catalogProblems({ ...DEFAULT_CATALOG, coins: coins({ displayDecimals: 7 }) })).toEqual([
      'coin USDT displayDecimals must be 0..6',
    ]);
    expect(catalogProblems({ ...DEFAULT_CATALOG, coins: coins({ displayDecimals: 1.5 }) })).toHaveLength(1);
    // Absent is allowed: the default applies (coinDisplayDecimals).
    expect(catalogProblems({ ...DEFAULT_CATALOG, coins: coins({ displayDecimals: undefined }) })).toEqual([]);
  });

  it('lets a file replace top-level keys', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cat-')), 'catalog.json');
    fs.writeFileSync(file, JSON.stringify({ tradePassword: { spotOrder: 'always', withdraw: 'always' } }));
    const c = loadCatalog(file);
    expect(c.tradePassword.spotOrder).toBe('always');
    expect(c.pairs).toBe(DEFAULT_CATALOG.pairs);
  });

  it('refuses a broken file with every problem named', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cat-')), 'catalog.json');
    const bad = {
      ...DEFAULT_CATALOG.pairs[0]!,
      symbol: 'BTC/USDT',
      tickSize: '0',
      takerFee: '1.5',
      quote: 'XXX',
    };
    fs.writeFileSync(file, JSON.stringify({ pairs: [bad] }));
    expect(() => loadCatalog(file)).toThrow(/tickSize[\s\S]*takerFee|unknown coin/);
    const problems = catalogProblems({ ...DEFAULT_CATALOG, pairs: [bad] });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('tickSize'),
        expect.stringContaining('takerFee'),
        expect.stringContaining('unknown coin'),
      ]),
    );
  });

  it('derives decimals from steps', () => {
    expect(stepDecimals('0.01')).toBe(2);
    expect(stepDecimals('1')).toBe(0);
    expect(stepDecimals('0.00010')).toBe(4);
  });
});
