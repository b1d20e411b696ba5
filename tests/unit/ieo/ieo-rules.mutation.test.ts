// The subscription's phases and form checks and the operator's project checks (domain/ieo-rules.ts):
// each limit on both sides of its edge, each field's first problem named, the checked project exact.
// Written for mutation testing (docs/mutation.md); ieo-math.test.ts has the main cases.
import { describe, expect, it } from 'vitest';
import {
  IEO_LIMITS,
  ieoNumber,
  ieoPhaseAt,
  parseIeoProject,
  subscribeProblem,
} from '../../../domain/ieo-rules';

const U = 10n ** 8n;

describe('a project’s phase and number', () => {
  it('is preheat before the opening, subscribe from it until the close, ended from the close', () => {
    const p = { opensAt: 1_000, closesAt: 2_000 };
    expect(ieoPhaseAt(p, 999)).toBe('preheat');
    expect(ieoPhaseAt(p, 1_000)).toBe('subscribe');
    expect(ieoPhaseAt(p, 1_999)).toBe('subscribe');
    expect(ieoPhaseAt(p, 2_000)).toBe('ended');
    expect(ieoPhaseAt(p, 2_001)).toBe('ended');
  });

  it('numbers a project with four digits at least', () => {
    expect(ieoNumber(7)).toBe('IEO-0007');
    expect(ieoNumber(12_345)).toBe('IEO-12345');
  });
});

describe('a subscription amount', () => {
  const limits = { quoteDecimals: 2, lotCostUnits: 10n * U, capUnits: 100n * U };
  it('accepts the edges: one lot, the quote’s decimals, exactly the cap', () => {
    expect(subscribeProblem(' 10 ', limits, 0n)).toBeNull();
    expect(subscribeProblem('10.25', limits, 0n)).toBeNull();
    expect(subscribeProblem('100', limits, 0n)).toBeNull();
    expect(subscribeProblem('40', limits, 60n * U)).toBeNull();
    expect(subscribeProblem('40.01', limits, 60n * U)).toBe('ieoAboveCap');
  });

  it('names the first problem', () => {
    expect(subscribeProblem('   ', limits, 0n)).toBe('required');
    expect(subscribeProblem('-5', limits, 0n)).toBe('amountFormat');
    expect(subscribeProblem('5.', limits, 0n)).toBe('amountFormat');
    expect(subscribeProblem('x10', limits, 0n)).toBe('amountFormat');
    expect(subscribeProblem('0.00', limits, 0n)).toBe('amountPositive');
    expect(subscribeProblem('9.999', limits, 0n)).toBe('ieoTooManyDecimals');
  });
});

const REQ = {
  name: ' Nova ',
  coin: ' nova ',
  coinName: ' Nova Token ',
  coinDecimals: ' 4 ',
  quote: ' usdt ',
  price: ' 0.2500 ',
  lot: '10.0',
  total: '1000',
  cap: '100.50',
  preheatAt: '1000',
  opensAt: 2_000,
  closesAt: ' 3000 ',
  website: ' https://nova.example ',
  whitepaper: 'HTTPS://nova.example/paper.pdf',
  description: ' A coin. ',
};
const parse = (over: Record<string, unknown> = {}, quoteDecimals: number | undefined = 2) =>
  parseIeoProject({ ...REQ, ...over }, quoteDecimals);
const bad = (field: string, key = 'ieoProjectInvalid') => ({ field, key });

describe('an operator’s project', () => {
  it('is read trimmed, upper-cased, in ledger units, with figures stored without trailing zeros', () => {
    expect(parse()).toEqual({
      ok: {
        name: 'Nova',
        coin: 'NOVA',
        coinName: 'Nova Token',
        coinDecimals: 4,
        quote: 'USDT',
        price: '0.25',
        lot: '10',
        total: '1000',
        cap: '100.5',
        lotUnits: 10n * U,
        totalUnits: 1000n * U,
        capUnits: 1005n * (U / 10n),
        lotCostUnits: 25n * (U / 10n),
        totalLots: 100n,
        preheatAt: 1_000,
        opensAt: 2_000,
        closesAt: 3_000,
        links: {
          website: 'https://nova.example',
          whitepaper: 'HTTPS://nova.example/paper.pdf',
          explorer: '',
        },
        description: 'A coin.',
      },
    });
  });

  it('stores a fractional lot and total without trailing zeros', () => {
    // 2.5 × 0.2 = 0.5 a lot; 1002.5 is 401 lots.
    expect(parse({ price: '0.20', lot: '2.50', total: '1002.50' })).toMatchObject({
      ok: { price: '0.2', lot: '2.5', total: '1002.5', lotCostUnits: U / 2n, totalLots: 401n },
    });
  });

  it('needs a name and a coin name within their lengths, counted as characters', () => {
    expect(parse({ name: '  ' })).toEqual(bad('name', 'required'));
    expect(parse({ name: 5 })).toEqual(bad('name', 'required'));
    expect(parse({ name: 'n'.repeat(IEO_LIMITS.name) })).toHaveProperty('ok');
    expect(parse({ name: '🚀'.repeat(IEO_LIMITS.name) })).toHaveProperty('ok');
    expect(parse({ name: 'n'.repeat(IEO_LIMITS.name + 1) })).toEqual(bad('name', 'textTooLong'));
    expect(parse({ coinName: '' })).toEqual(bad('coinName', 'required'));
    expect(parse({ coinName: 'c'.repeat(IEO_LIMITS.coinName) })).toHaveProperty('ok');
    expect(parse({ coinName: 'c'.repeat(IEO_LIMITS.coinName + 1) })).toEqual(bad('coinName', 'textTooLong'));
    expect(IEO_LIMITS).toEqual({ name: 60, coinName: 40, description: 2000, link: 300 });
  });

  it('needs a coin symbol of 2 to 10 letters or digits', () => {
    expect(parse({ coin: 'ab' })).toHaveProperty('ok.coin', 'AB');
    expect(parse({ coin: 'A1B2C3D4E5' })).toHaveProperty('ok.coin', 'A1B2C3D4E5');
    expect(parse({ coin: 'A' })).toEqual(bad('coin'));
    expect(parse({ coin: 'A1B2C3D4E5F' })).toEqual(bad('coin'));
    expect(parse({ coin: 'NO-VA' })).toEqual(bad('coin'));
    expect(parse({ coin: 'xNOVA!' })).toEqual(bad('coin'));
  });

  it('needs the coin’s decimals as a whole number of at most 8', () => {
    expect(parse({ coinDecimals: 8 })).toHaveProperty('ok.coinDecimals', 8);
    expect(parse({ coinDecimals: '0', lot: '10', total: '1000' })).toHaveProperty('ok.coinDecimals', 0);
    for (const v of [9, '9', -1, 1.5, '1.5', 'x', '', undefined, null, '1234567890123456'])
      expect(parse({ coinDecimals: v })).toEqual(bad('coinDecimals'));
  });

  it('needs a quote coin of the catalog', () => {
    expect(parseIeoProject(REQ, undefined)).toEqual(bad('quote', 'unknownCoin'));
  });

  it('needs each amount plain, positive and in its decimals', () => {
    for (const k of ['price', 'lot', 'total', 'cap']) {
      expect(parse({ [k]: '' })).toEqual(bad(k, 'required'));
      expect(parse({ [k]: 7 })).toEqual(bad(k, 'required'));
      expect(parse({ [k]: '1e3' })).toEqual(bad(k, 'amountFormat'));
      expect(parse({ [k]: '-1' })).toEqual(bad(k, 'amountFormat'));
      expect(parse({ [k]: '0.0' })).toEqual(bad(k, 'amountPositive'));
    }
    // Price: up to 8 decimals; lot and total: the coin's (4); cap: the quote's (2).
    expect(parse({ price: '0.250000001' })).toEqual(bad('price', 'ieoTooManyDecimals'));
    expect(parse({ lot: '10.00001' })).toEqual(bad('lot', 'ieoTooManyDecimals'));
    expect(parse({ total: '1000.00001' })).toEqual(bad('total', 'ieoTooManyDecimals'));
    expect(parse({ cap: '100.001' })).toEqual(bad('cap', 'ieoTooManyDecimals'));
    expect(parse({ cap: '100.01' })).toHaveProperty('ok.capUnits', 10_001n * (U / 100n));
    expect(parse({ price: '0.25000001', lot: '100', total: '1000', cap: '100' }, 8)).toHaveProperty(
      'ok.lotCostUnits',
      2_500_000_100n,
    );
  });

  it('needs a lot that costs whole ledger units and whole quote steps', () => {
    // 0.0001 × 0.00000001 = 1e-12 of the quote: not a ledger unit.
    expect(parse({ lot: '0.0001', price: '0.00000001', total: '1' }, 8)).toEqual(bad('lot'));
    // 10 × 0.001 = 0.01: a ledger amount, and a cent of a 2-decimal quote…
    expect(parse({ price: '0.001', cap: '1' })).toHaveProperty('ok.lotCostUnits', U / 100n);
    // …but 1 × 0.001 = 0.001 is not: fine with 3 quote decimals.
    expect(parse({ lot: '1', price: '0.001', cap: '1' })).toEqual(bad('lot'));
    expect(parse({ lot: '1', price: '0.001', cap: '1' }, 3)).toHaveProperty('ok.lotCostUnits', U / 1000n);
  });

  it('needs whole lots in the total and a cap of at least one lot’s cost', () => {
    expect(parse({ total: '1005' })).toEqual(bad('total'));
    expect(parse({ total: '10' })).toHaveProperty('ok.totalLots', 1n);
    // A lot costs 10 × 0.25 = 2.5.
    expect(parse({ cap: '2.5' })).toHaveProperty('ok.capUnits', 25n * (U / 10n));
    expect(parse({ cap: '2.49' })).toEqual(bad('cap'));
  });

  it('needs the windows in order: preheat ≤ open < close, whole instants', () => {
    expect(parse({ preheatAt: 'soon' })).toEqual(bad('preheatAt'));
    expect(parse({ preheatAt: undefined })).toEqual(bad('preheatAt'));
    expect(parse({ opensAt: null })).toEqual(bad('opensAt'));
    expect(parse({ opensAt: 999 })).toEqual(bad('opensAt'));
    expect(parse({ opensAt: 1_000 })).toHaveProperty('ok.opensAt', 1_000);
    expect(parse({ closesAt: -1 })).toEqual(bad('closesAt'));
    expect(parse({ closesAt: 2_000 })).toEqual(bad('closesAt'));
    expect(parse({ closesAt: 1_999 })).toEqual(bad('closesAt'));
    expect(parse({ closesAt: 2_001 })).toHaveProperty('ok.closesAt', 2_001);
    expect(parse({ preheatAt: 0, opensAt: 0, closesAt: 1 })).toHaveProperty('ok.preheatAt', 0);
  });

  it('needs each link, when given, an https address of at most 300 characters', () => {
    for (const k of ['website', 'whitepaper', 'explorer']) {
      expect(parse({ [k]: '' })).toHaveProperty(`ok.links.${k}`, '');
      const long = `https://x.example/${'p'.repeat(IEO_LIMITS.link - 18)}`;
      expect(long).toHaveLength(300);
      expect(parse({ [k]: long })).toHaveProperty(`ok.links.${k}`, long);
      expect(parse({ [k]: `${long}p` })).toEqual(bad(k));
      for (const v of [
        'http://x.example',
        'https://',
        'https://.x',
        'https://x y',
        'see https://x.example',
        'ftp://x',
      ])
        expect(parse({ [k]: v })).toEqual(bad(k));
    }
  });

  it('keeps the description to 2000 characters', () => {
    expect(parse({ description: 'd'.repeat(2000) })).toHaveProperty('ok.description', 'd'.repeat(2000));
    expect(parse({ description: 'd'.repeat(2001) })).toEqual(bad('description', 'textTooLong'));
    expect(parse({ description: undefined })).toHaveProperty('ok.description', '');
  });

  it('names the first problem in form order', () => {
    expect(parse({ name: '', coin: '', coinName: '', price: '' })).toEqual(bad('name', 'required'));
    expect(parse({ coin: '', coinName: '' })).toEqual(bad('coin'));
    expect(parse({ coinName: '', coinDecimals: 'x' })).toEqual(bad('coinName', 'required'));
    expect(parseIeoProject({ ...REQ, coinDecimals: 'x' }, undefined)).toEqual(bad('coinDecimals'));
    expect(parse({ price: '', lot: '' })).toEqual(bad('price', 'required'));
    expect(parse({ lot: '0', total: '0', cap: '0' })).toEqual(bad('lot', 'amountPositive'));
    expect(parse({ total: '1005', cap: '0.01' })).toEqual(bad('total'));
    expect(parse({ cap: '0.01', preheatAt: 'x' })).toEqual(bad('cap'));
    expect(parse({ closesAt: 0, website: 'x' })).toEqual(bad('closesAt'));
    expect(parse({ website: 'x', description: 'd'.repeat(2001) })).toEqual(bad('website'));
  });
});
