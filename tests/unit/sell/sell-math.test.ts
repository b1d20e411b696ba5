// The quick-sell rule: exact values, fees floored per fill, the slippage floor on the tick grid,
// the quote's expiry and the form's checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteSell, slippageFloor } from '../../../domain/sell-math';
import { parseSlippage, QUOTE_TTL_MS, quoteExpired, sellQtyProblem } from '../../../domain/sell-rules';

describe('quoteSell', () => {
  it('walks the bids best first and is exact', () => {
    const q = quoteSell(
      '0.025',
      [
        { price: '60000', qty: '0.01' },
        { price: '59900.5', qty: '0.01' },
        { price: '59000', qty: '1' },
      ],
      '0.001',
    );
    expect(q).toEqual({
      qty: '0.025',
      filledQty: '0.025',
      complete: true,
      // 600 + 599.005 + 295
      gross: '1494.00500000',
      // 0.6 + 0.599005 + 0.295
      fee: '1.49400500',
      received: '1492.51099500',
      avgPrice: '59760.20000000',
      worstPrice: '59000',
      fills: [
        { price: '60000', qty: '0.01' },
        { price: '59900.5', qty: '0.01' },
        { price: '59000', qty: '0.005' },
      ],
    });
  });

  it('floors each fill’s fee to 1e-8, as the order service charges per trade', () => {
    // 0.00001 × 60000.01 = 0.6000001: fee 0.0006000001 → 0.00060000 each, not 0.00120000 on the sum…
    const one = { price: '60000.01', qty: '0.00001' };
    const q = quoteSell('0.00002', [one, one], '0.001');
    expect(q.gross).toBe('1.20000020');
    expect(q.fee).toBe('0.00120000');
    // …and where the floors differ: each of 3 fills' 0.00000999999 floors to 0.00000999, where
    // one fill of the same 3 would pay 0.00002999.
    const small = { price: '0.00999999', qty: '1' };
    const r = quoteSell('3', [small, small, small], '0.001');
    expect(r.fee).toBe('0.00002997');
    expect(quoteSell('3', [{ price: '0.00999999', qty: '3' }], '0.001').fee).toBe('0.00002999');
    // The average price is floored, never rounded up.
    expect(
      quoteSell(
        '3',
        [
          { price: '1', qty: '1' },
          { price: '2', qty: '2' },
        ],
        '0',
      ).avgPrice,
    ).toBe('1.66666666');
  });

  it('says when the bids do not cover the amount', () => {
    const q = quoteSell('2', [{ price: '10', qty: '0.5' }], '0.002');
    expect(q).toMatchObject({ complete: false, filledQty: '0.5', gross: '5.00000000', fee: '0.01000000' });
    expect(quoteSell('1', [], '0.002')).toMatchObject({ complete: false, avgPrice: null, worstPrice: null });
    expect(() => quoteSell('0', [], '0.001')).toThrow(RangeError);
    expect(() => quoteSell('1', [{ price: '1e3', qty: '1' }], '0.001')).toThrow(RangeError);
  });

  it('never pays more than the bids are worth, and received + fee = gross (property)', () => {
    const level = fc.record({
      price: fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
      qty: fc.integer({ min: 1, max: 100_000 }).map((n) => (n / 1000).toFixed(3)),
    });
    fc.assert(
      fc.property(fc.array(level, { maxLength: 8 }), fc.integer({ min: 1, max: 500_000 }), (bids, lots) => {
        const q = quoteSell((lots / 1000).toFixed(3), bids, '0.002');
        const units = (s: string) => BigInt(s.replace('.', ''));
        expect(units(q.received) + units(q.fee)).toBe(units(q.gross));
        expect(units(q.fee) * 500n).toBeLessThanOrEqual(units(q.gross));
      }),
    );
  });
});

describe('slippageFloor', () => {
  it('lowers the worst price by the slippage and raises it to the tick', () => {
    expect(slippageFloor('59900', '0.5', '0.01')).toBe('59600.50');
    expect(slippageFloor('59900.00', '1.6', '0.01')).toBe('58941.60');
    // 0.123 × 0.99 = 0.12177 → 0.1218 on a 0.0001 tick (never below the user's bound).
    expect(slippageFloor('0.123', '1', '0.0001')).toBe('0.1218');
    expect(slippageFloor('100', '0', '0.01')).toBe('100.00');
    // Never below one tick.
    expect(slippageFloor('0.01', '10', '0.01')).toBe('0.01');
  });
});

describe('quote expiry and the form checks', () => {
  it('a quote holds until, not at, its expiry instant', () => {
    expect(quoteExpired(10_000, 9_999)).toBe(false);
    expect(quoteExpired(10_000, 10_000)).toBe(true);
    expect(quoteExpired(10_000, 10_001)).toBe(true);
    expect(QUOTE_TTL_MS).toBeGreaterThanOrEqual(5_000);
    expect(QUOTE_TTL_MS).toBeLessThanOrEqual(30_000);
  });

  it('parses the slippage', () => {
    expect(parseSlippage('0.5')).toBe('0.5');
    expect(parseSlippage(' 1.50 ')).toBe('1.5');
    expect(parseSlippage('0')).toBe('0');
    expect(parseSlippage('10')).toBe('10');
    expect(parseSlippage('10.01')).toBeNull();
    expect(parseSlippage('0.125')).toBeNull();
    expect(parseSlippage('-1')).toBeNull();
    expect(parseSlippage('')).toBeNull();
  });

  it('checks the quantity against the lot', () => {
    expect(sellQtyProblem('', '0.00001')).toBe('required');
    expect(sellQtyProblem('abc', '0.00001')).toBe('amountFormat');
    expect(sellQtyProblem('0', '0.00001')).toBe('amountFormat');
    expect(sellQtyProblem('0.000001', '0.00001')).toBe('sellTooManyDecimals');
    expect(sellQtyProblem('0.100000', '0.00001')).toBeNull();
    // Trailing zeros are no decimals at all, however many there are.
    expect(sellQtyProblem('0.1000000', '0.00001')).toBeNull();
    expect(sellQtyProblem('0.0012', '0.0005')).toBe('qtyStep');
    expect(sellQtyProblem('0.0015', '0.00001')).toBeNull();
  });
});
